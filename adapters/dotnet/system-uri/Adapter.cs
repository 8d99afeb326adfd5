// An implementation adapter in C# for uri-conformance: .NET's System.Uri as Mono implements it
// (Debian's mono-mcs and libmono-system4.0-cil; API:
// https://learn.microsoft.com/dotnet/api/system.uri), speaking protocol version 2 (see
// adapters/README.md): one JSON request a line on stdin, one answer a line on stdout with the
// request's "id" echoed, and an answer to {"op":"about"}.
//
//     adapters/dotnet/system-uri/setup    # apt-get install mono-runtime mono-mcs ...; mcs
//     uri-conformance diff --impl-cmd adapters/dotnet/system-uri/run 'http://a/b'
//
// The calls used:
//   parse      new Uri(input, UriKind.RelativeOrAbsolute) for URI-reference and
//              new Uri(input, UriKind.Absolute) for URI; a UriFormatException is an invalid
//              input. Only an absolute Uri reports components (every property of a relative
//              Uri throws InvalidOperationException), so a reference the library takes as
//              relative is answered unsupported; the rules absolute-URI and relative-ref, which
//              the library has no way to ask, are unsupported too.
//   resolve    new Uri(new Uri(base, UriKind.Absolute), input), target AbsoluteUri. System.Uri
//              resolves a reference with the base's scheme as a relative one ("http:g" against
//              "http://a/b/c/d;p?q" gives "http://a/b/c/g"), which is RFC 3986 section 5.2.2's
//              non-strict reading: it answers "strict":false, and "strict":true is unsupported.
//   normalize  new Uri(input, UriKind.Absolute).AbsoluteUri: System.Uri canonicalizes as it
//              parses (lowercases the scheme and host, removes the scheme's default port and
//              dot-segments, decodes percent-encoded unreserved characters, gives http an empty
//              path "/"), which is section 6.2.2 with 6.2.3 mixed in: it answers the "scheme"
//              level only, and only for an absolute URI (a relative Uri is not canonicalized).
//   serialize  AbsoluteUri of the parse (OriginalString for a relative reference, which is all
//              the library keeps of it).
//
// The documentation of System.Uri names RFC 3986 and RFC 3987 (IRIs, IDN); its design is a
// canonicalizing parser, not one that reports the input's substrings, and Mono adds its own
// readings: on Unix an input that starts with "/" (so "//a" too) is an implicit file path
// (file:///...), and a one-letter scheme is taken for a DOS drive ("a:b" is refused: "A Dos
// path must be rooted"). How the properties map onto the protocol's components:
//   scheme    Scheme (lowercase: case-folded).
//   userinfo  UserInfo, "" both with no userinfo and with an empty one (empty-is-undefined),
//             canonically escaped (decoded).
//   host      Host (lowercase: case-folded; an IPv6 literal keeps its brackets, in its
//             canonical compressed form; an IPv4 address in dotted decimal), null when
//             HostNameType is Unknown (no authority). "" with an empty authority, and "" for
//             file URIs (empty-is-undefined).
//   port      Port as text, null when IsDefaultPort: the scheme's default port is not told
//             from no port at all, and an empty port is no port (empty-is-undefined); "080" is
//             80. The harness sees a default port written out as a missing one.
//   path      AbsolutePath: canonically escaped (decoded) and with dot-segments removed.
//   query     Query without its "?" ("" is no query, "?" an empty one), canonically escaped
//             (decoded).
//   fragment  Fragment without its "#" (likewise; decoded).
//   host_kind HostNameType: Dns and Basic are reg-name, IPv4 ipv4, IPv6 ipv6 (System.Uri has
//             no IPvFuture).
// Every exception is caught and answered {"valid":false,"error":...}. JSON is decoded and
// encoded by hand below (UTF-8; \u escapes, a lone surrogate becomes U+FFFD).

using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Text;

static class Adapter
{
    // ---- JSON ------------------------------------------------------------------------------

    sealed class Num { public string Text; }

    sealed class Parser
    {
        readonly string s;
        int i;
        public Parser(string s) { this.s = s; }

        void Ws() { while (i < s.Length && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) i++; }

        Exception Bad(string why) { return new FormatException(why); }

        public object Document()
        {
            object v = Value();
            Ws();
            if (i != s.Length) throw Bad("trailing text");
            return v;
        }

        object Value()
        {
            Ws();
            if (i >= s.Length) throw Bad("end of text");
            char c = s[i];
            if (c == '{')
            {
                i++;
                var fields = new Dictionary<string, object>();
                Ws();
                if (i < s.Length && s[i] == '}') { i++; return fields; }
                while (true)
                {
                    Ws();
                    string key = String();
                    Ws();
                    if (i >= s.Length || s[i] != ':') throw Bad("expected :");
                    i++;
                    fields[key] = Value();
                    Ws();
                    if (i < s.Length && s[i] == ',') { i++; continue; }
                    if (i < s.Length && s[i] == '}') { i++; return fields; }
                    throw Bad("bad object");
                }
            }
            if (c == '[')
            {
                i++;
                var items = new List<object>();
                Ws();
                if (i < s.Length && s[i] == ']') { i++; return items; }
                while (true)
                {
                    items.Add(Value());
                    Ws();
                    if (i < s.Length && s[i] == ',') { i++; continue; }
                    if (i < s.Length && s[i] == ']') { i++; return items; }
                    throw Bad("bad array");
                }
            }
            if (c == '"') return String();
            if (string.CompareOrdinal(s, i, "true", 0, 4) == 0) { i += 4; return true; }
            if (string.CompareOrdinal(s, i, "false", 0, 5) == 0) { i += 5; return false; }
            if (string.CompareOrdinal(s, i, "null", 0, 4) == 0) { i += 4; return null; }
            if (c == '-' || (c >= '0' && c <= '9'))
            {
                int start = i;
                while (i < s.Length && "+-.eE0123456789".IndexOf(s[i]) >= 0) i++;
                return new Num { Text = s.Substring(start, i - start) };
            }
            throw Bad("unexpected character");
        }

        int Hex4()
        {
            if (i + 4 > s.Length) throw Bad("short \\u escape");
            int v = 0;
            for (int k = 0; k < 4; k++)
            {
                char h = s[i + k];
                int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
                if (d < 0) throw Bad("bad \\u escape");
                v = v * 16 + d;
            }
            i += 4;
            return v;
        }

        string String()
        {
            if (i >= s.Length || s[i] != '"') throw Bad("expected a string");
            i++;
            var b = new StringBuilder();
            while (true)
            {
                if (i >= s.Length) throw Bad("unterminated string");
                char c = s[i++];
                if (c == '"') return b.ToString();
                if (c < 0x20) throw Bad("control character in a string");
                if (c != '\\') { b.Append(c); continue; }
                if (i >= s.Length) throw Bad("unterminated escape");
                char e = s[i++];
                switch (e)
                {
                    case '"': b.Append('"'); break;
                    case '\\': b.Append('\\'); break;
                    case '/': b.Append('/'); break;
                    case 'b': b.Append('\b'); break;
                    case 'f': b.Append('\f'); break;
                    case 'n': b.Append('\n'); break;
                    case 'r': b.Append('\r'); break;
                    case 't': b.Append('\t'); break;
                    case 'u':
                        int cp = Hex4();
                        if (cp >= 0xD800 && cp <= 0xDBFF)
                        {
                            if (i + 6 <= s.Length && s[i] == '\\' && s[i + 1] == 'u')
                            {
                                int save = i;
                                i += 2;
                                int lo = Hex4();
                                if (lo >= 0xDC00 && lo <= 0xDFFF) { b.Append((char)cp); b.Append((char)lo); }
                                else { i = save; b.Append('\uFFFD'); }
                            }
                            else b.Append('\uFFFD');
                        }
                        else if (cp >= 0xDC00 && cp <= 0xDFFF) b.Append('\uFFFD');
                        else b.Append((char)cp);
                        break;
                    default: throw Bad("bad escape");
                }
            }
        }
    }

    static void Encode(StringBuilder b, object v)
    {
        if (v == null) { b.Append("null"); return; }
        if (v is bool) { b.Append((bool)v ? "true" : "false"); return; }
        if (v is Num) { b.Append(((Num)v).Text); return; }
        if (v is string) { EncodeString(b, (string)v); return; }
        if (v is List<KeyValuePair<string, object>>)
        {
            b.Append('{');
            bool first = true;
            foreach (var f in (List<KeyValuePair<string, object>>)v)
            {
                if (!first) b.Append(',');
                first = false;
                EncodeString(b, f.Key);
                b.Append(':');
                Encode(b, f.Value);
            }
            b.Append('}');
            return;
        }
        if (v is List<object>)
        {
            b.Append('[');
            bool first = true;
            foreach (var item in (List<object>)v)
            {
                if (!first) b.Append(',');
                first = false;
                Encode(b, item);
            }
            b.Append(']');
            return;
        }
        EncodeString(b, v.ToString());
    }

    static void EncodeString(StringBuilder b, string s)
    {
        b.Append('"');
        for (int k = 0; k < s.Length; k++)
        {
            char c = s[k];
            if (c == '"') b.Append("\\\"");
            else if (c == '\\') b.Append("\\\\");
            else if (c < 0x20 || c == 0x7F) b.Append("\\u").Append(((int)c).ToString("x4"));
            else if (char.IsHighSurrogate(c) && k + 1 < s.Length && char.IsLowSurrogate(s[k + 1])) { b.Append(c).Append(s[k + 1]); k++; }
            else if (char.IsSurrogate(c)) b.Append('\uFFFD');
            else b.Append(c);
        }
        b.Append('"');
    }

    // ---- the operations --------------------------------------------------------------------

    static List<KeyValuePair<string, object>> Obj(params object[] kv)
    {
        var o = new List<KeyValuePair<string, object>>();
        for (int k = 0; k + 1 < kv.Length; k += 2) o.Add(new KeyValuePair<string, object>((string)kv[k], kv[k + 1]));
        return o;
    }

    static List<object> Arr(params object[] items) { return new List<object>(items); }

    static object Blind(string field, string how, string reason) { return Obj("field", field, "how", how, "reason", reason); }

    static string Version()
    {
        string mono = "?";
        try
        {
            var t = Type.GetType("Mono.Runtime");
            var m = t == null ? null : t.GetMethod("GetDisplayName", BindingFlags.NonPublic | BindingFlags.Static);
            if (m != null) mono = ((string)m.Invoke(null, null)).Split(' ')[0];
        }
        catch (Exception) { }
        return "Mono " + mono + " (System " + typeof(Uri).Assembly.GetName().Version + ")";
    }

    // The programs a report shows under "Reproduce with ... alone", against System.Uri only
    // (docs/protocol.md, about.reproduce); each placeholder becomes a C# string literal. Each
    // is the lines of its Main, between ProgramHead and ProgramTail.
    const string ProgramHead = @"// mcs prog.cs && mono prog.exe
using System;

class Program
{
    static void Main()
    {
";

    const string ProgramTail = @"    }
}
";

    const string ReproduceParse = ProgramHead + @"        string input = {input}, rule = {rule};
        Uri u;
        try { u = new Uri(input, rule == ""URI"" ? UriKind.Absolute : UriKind.RelativeOrAbsolute); }
        catch (UriFormatException e) { Console.WriteLine(""UriFormatException: "" + e.Message); return; }
        if (!u.IsAbsoluteUri) { Console.WriteLine(""relative, OriginalString: \"""" + u.OriginalString + ""\""""); return; }
        Console.WriteLine(""Scheme: \"""" + u.Scheme + ""\"""");
        Console.WriteLine(""UserInfo: \"""" + u.UserInfo + ""\"""");
        Console.WriteLine(""Host: \"""" + u.Host + ""\"", HostNameType: "" + u.HostNameType);
        Console.WriteLine(""Port: "" + u.Port + "", IsDefaultPort: "" + u.IsDefaultPort);
        Console.WriteLine(""AbsolutePath: \"""" + u.AbsolutePath + ""\"""");
        Console.WriteLine(""Query: \"""" + u.Query + ""\"""");
        Console.WriteLine(""Fragment: \"""" + u.Fragment + ""\"""");
" + ProgramTail;

    const string ReproduceResolve = ProgramHead + @"        try { Console.WriteLine(new Uri(new Uri({base}, UriKind.Absolute), {input}).AbsoluteUri); }
        catch (UriFormatException e) { Console.WriteLine(""UriFormatException: "" + e.Message); }
" + ProgramTail;

    const string ReproduceNormalize = ProgramHead + @"        Uri u;
        try { u = new Uri({input}, UriKind.RelativeOrAbsolute); }
        catch (UriFormatException e) { Console.WriteLine(""UriFormatException: "" + e.Message); return; }
        Console.WriteLine(u.IsAbsoluteUri ? u.AbsoluteUri : ""relative, not canonicalized: \"""" + u.OriginalString + ""\"""");
" + ProgramTail;

    static readonly object About = Obj(
        "protocol", new Num { Text = "2" },
        "name", "dotnet-system-uri",
        "language", "C#",
        "library", "System.Uri (Mono)",
        "version", Version(),
        "spec", "RFC 3986 and RFC 3987 (System.Uri, canonicalizing)",
        "operations", Arr("parse", "resolve", "normalize", "serialize"),
        "rules", Arr("URI-reference", "URI"),
        "blind_spots", Arr(
            Blind("scheme", "case-folded", "Uri.Scheme is lowercase"),
            Blind("userinfo", "empty-is-undefined", "Uri.UserInfo is \"\" with no userinfo and with an empty one"),
            Blind("userinfo", "decoded", "Uri.UserInfo is canonically escaped"),
            Blind("host", "case-folded", "Uri.Host is lowercase"),
            Blind("host", "empty-is-undefined", "Uri.Host is \"\" for a file URI without a host and for an empty authority"),
            Blind("port", "empty-is-undefined", "Uri.Port is an int, the scheme's default (IsDefaultPort) when there is no port or an empty one"),
            Blind("port", "number", "Uri.Port is an int: \"080\" is 80"),
            Blind("port", "default-port-dropped", "Uri.IsDefaultPort is true for the scheme's default port written out, answered as no port"),
            Blind("path", "decoded", "Uri.AbsolutePath is canonically escaped (unreserved characters decoded)"),
            Blind("query", "decoded", "Uri.Query is canonically escaped"),
            Blind("fragment", "decoded", "Uri.Fragment is canonically escaped")),
        "reproduce", Obj(
            "language", "csharp",
            "parse", ReproduceParse,
            "resolve", ReproduceResolve,
            "normalize", ReproduceNormalize));

    static object Unsupported() { return Obj("unsupported", true); }
    static object Unknown(string why) { return Obj("error", "not a valid request: " + why); }
    static object Invalid(Exception e) { return Obj("valid", false, "error", e.GetType().Name + ": " + e.Message); }

    static string Str(Dictionary<string, object> r, string key)
    {
        object v;
        return r.TryGetValue(key, out v) ? v as string : null;
    }

    static bool Flag(Dictionary<string, object> r, string key, bool dflt)
    {
        object v;
        return r.TryGetValue(key, out v) && v is bool ? (bool)v : dflt;
    }

    static object Parse(string input, UriKind kind)
    {
        Uri u;
        try { u = new Uri(input, kind); }
        catch (Exception e) { return Invalid(e); }
        if (!u.IsAbsoluteUri) return Unsupported();
        bool hasHost = u.HostNameType != UriHostNameType.Unknown;
        string hostKind = null;
        switch (u.HostNameType)
        {
            case UriHostNameType.Dns: case UriHostNameType.Basic: hostKind = "reg-name"; break;
            case UriHostNameType.IPv4: hostKind = "ipv4"; break;
            case UriHostNameType.IPv6: hostKind = "ipv6"; break;
        }
        string query = u.Query, fragment = u.Fragment;
        return Obj(
            "valid", true,
            "components", Obj(
                "scheme", u.Scheme,
                "userinfo", u.UserInfo.Length == 0 ? null : u.UserInfo,
                "host", hasHost ? u.Host : null,
                "port", u.IsDefaultPort || u.Port < 0 ? null : u.Port.ToString(),
                "path", u.AbsolutePath,
                "query", query.StartsWith("?", StringComparison.Ordinal) ? query.Substring(1) : null,
                "fragment", fragment.StartsWith("#", StringComparison.Ordinal) ? fragment.Substring(1) : null),
            "host_kind", hostKind);
    }

    static object Answer(Dictionary<string, object> r)
    {
        string op = Str(r, "op"), input = Str(r, "input");
        bool iri = Flag(r, "iri", false);
        if (op == "about") return About;
        if (op == "parse" && input != null)
        {
            object rule;
            if (!r.TryGetValue("rule", out rule)) rule = "URI-reference";
            if (!(rule is string)) return Unknown("unknown rule");
            if (Flag(r, "zone_id", false)) return Unsupported();
            switch ((string)rule)
            {
                case "URI-reference": return Parse(input, UriKind.RelativeOrAbsolute);
                case "URI": return Parse(input, UriKind.Absolute);
                case "absolute-URI": case "relative-ref": return Unsupported();
                default: return Unknown("unknown rule");
            }
        }
        if (op == "resolve" && input != null && !iri)
        {
            string b = Str(r, "base");
            if (b == null) return Unknown("resolve without a base");
            if (Flag(r, "strict", true)) return Unsupported();
            Uri baseUri;
            try { baseUri = new Uri(b, UriKind.Absolute); }
            catch (Exception e) { return Obj("valid", false, "error", "base: " + e.GetType().Name + ": " + e.Message); }
            try { return Obj("valid", true, "target", new Uri(baseUri, input).AbsoluteUri); }
            catch (Exception e) { return Invalid(e); }
        }
        if (op == "normalize" && input != null && !iri)
        {
            object level;
            if (!r.TryGetValue("level", out level)) level = "syntax";
            if ((level as string) == "syntax") return Unsupported();
            if ((level as string) != "scheme") return Unknown("unknown level");
            Uri u;
            try { u = new Uri(input, UriKind.RelativeOrAbsolute); }
            catch (Exception e) { return Invalid(e); }
            if (!u.IsAbsoluteUri) return Unsupported();
            return Obj("valid", true, "normalized", u.AbsoluteUri);
        }
        if (op == "serialize" && input != null)
        {
            Uri u;
            try { u = new Uri(input, UriKind.RelativeOrAbsolute); }
            catch (Exception e) { return Invalid(e); }
            return Obj("valid", true, "serialized", u.IsAbsoluteUri ? u.AbsoluteUri : u.OriginalString);
        }
        return Unknown("unknown op or missing field");
    }

    static readonly UTF8Encoding Utf8 = new UTF8Encoding(false, true);

    static void AnswerLine(StringBuilder out_, byte[] bytes, int start, int end)
    {
        if (end > start && bytes[end - 1] == (byte)'\r') end--;
        bool blank = true;
        for (int k = start; k < end; k++) if (bytes[k] != ' ' && bytes[k] != '\t') { blank = false; break; }
        if (blank) return;
        object answer;
        object id = null;
        try
        {
            string line = Utf8.GetString(bytes, start, end - start);
            var request = new Parser(line).Document() as Dictionary<string, object>;
            if (request == null) answer = Unknown("not a JSON object");
            else
            {
                object v;
                if (request.TryGetValue("id", out v) && (v is string || v is Num)) id = v;
                try { answer = Answer(request); }
                catch (Exception e) { answer = Invalid(e); }
            }
        }
        catch (DecoderFallbackException) { answer = Unknown("not UTF-8"); }
        catch (Exception e) { answer = Unknown("not JSON: " + e.Message); }
        var fields = new List<KeyValuePair<string, object>>();
        if (id != null) fields.Add(new KeyValuePair<string, object>("id", id));
        fields.AddRange((List<KeyValuePair<string, object>>)answer);
        Encode(out_, fields);
        out_.Append('\n');
    }

    // Reads stdin in chunks, answers every complete line of a chunk, then writes the answers.
    static int Main()
    {
        Stream stdin = Console.OpenStandardInput(), stdout = Console.OpenStandardOutput();
        byte[] chunk = new byte[65536];
        byte[] pending = new byte[65536];
        int pendingLen = 0;
        var out_ = new StringBuilder();
        while (true)
        {
            int n = stdin.Read(chunk, 0, chunk.Length);
            if (n <= 0)
            {
                if (pendingLen > 0) AnswerLine(out_, pending, 0, pendingLen);
                Write(stdout, out_);
                return 0;
            }
            for (int k = 0; k < n; k++)
            {
                if (chunk[k] == (byte)'\n')
                {
                    AnswerLine(out_, pending, 0, pendingLen);
                    pendingLen = 0;
                }
                else
                {
                    if (pendingLen == pending.Length) Array.Resize(ref pending, pending.Length * 2);
                    pending[pendingLen++] = chunk[k];
                }
            }
            Write(stdout, out_);
        }
    }

    static void Write(Stream stdout, StringBuilder out_)
    {
        if (out_.Length == 0) return;
        byte[] bytes = Encoding.UTF8.GetBytes(out_.ToString());
        out_.Clear();
        try { stdout.Write(bytes, 0, bytes.Length); stdout.Flush(); }
        catch (IOException) { Environment.Exit(0); }
    }
}
