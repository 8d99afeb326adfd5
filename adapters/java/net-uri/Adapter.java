/*
 * An implementation adapter in Java for uri-conformance: java.net.URI from the Java class library,
 * speaking protocol version 2 (see adapters/README.md): one JSON request a line on stdin, one
 * answer a line on stdout with the request's "id" echoed, and an answer to {"op":"about"}.
 *
 *     adapters/java/net-uri/setup     # javac into .build/
 *     uri-conformance diff --impl-cmd adapters/java/net-uri/run 'http://a/b'
 *
 * The library: java.net.URI (https://docs.oracle.com/en/java/javase/17/docs/api/java.base/java/net/URI.html).
 * Its calls:
 *   parse      new URI(s), then getScheme(), getRawUserInfo(), getRawAuthority(), getHost(),
 *              getPort(), getRawPath(), getRawSchemeSpecificPart(), getRawQuery(), getRawFragment()
 *   resolve    new URI(base).resolve(new URI(reference)).toString()
 *   serialize  new URI(s).toString()
 * Any exception the constructor or resolve throws (URISyntaxException, which the Javadoc
 * documents, or any other, which it does not) is {"valid":false,"error":"<class>: <message>"}.
 *
 * What the library follows: the Javadoc says "RFC 2396: Uniform Resource Identifiers (URI):
 * Generic Syntax, amended by RFC 2732: Format for Literal IPv6 Addresses in URLs", with these
 * deviations of its own: an empty authority is allowed ("file:///a"), a scheme-specific part may
 * be empty only with an authority, the "other" category of characters (non-ASCII, not control,
 * not space) is allowed in user info, path, query and fragment, an IPv6 literal may carry a scope
 * id ("[fe80::1%eth0]"), and "[" "]" are only allowed in an IPv6 host. So it is not RFC 3986:
 * the claim is free text and the harness judges it by RFC 3986 with a warning.
 *
 * How the answers map onto the protocol's components:
 *   - A URI is opaque when it has a scheme and its scheme-specific part does not start with "/"
 *     ("mailto:a@b", "a:b?c"): the library then reports no path, query or authority, only the
 *     raw scheme-specific part, which is answered as the path (query null). RFC 3986 would split
 *     off a query there; the library does not (RFC 2396's opaque_part).
 *   - Authority: a server-based authority is reported as getRawUserInfo(), getHost() and
 *     getPort(); the port's text is taken from getRawAuthority() after the user info and host
 *     (splitting what the library returned, so "a:" gives the port "" and "a:080" the port
 *     "080"). A registry-based authority (the Javadoc: "getHost() returns null" for it; the
 *     library falls back to it when the authority does not parse as a server, e.g. "a_b" or
 *     "a:b") is answered as host = getRawAuthority(), host_kind reg-name, userinfo and port null:
 *     the library does not split it.
 *   - An empty authority ("file:///a", "//") is reported by the library as no authority
 *     (getRawAuthority() is null): blind spot host empty-is-undefined.
 *   - host_kind is read from getHost()'s text (brackets: ipv6, a dotted quad: ipv4, else
 *     reg-name): the library does not say which kind it saw.
 *   - Only the URI-reference rule is answered: new URI accepts absolute and relative references
 *     alike. normalize is unsupported: URI.normalize() only removes dot segments (RFC 2396
 *     §5.2 step 6), not the case and percent-encoding normalization of RFC 3986 §6.2.2.
 *   - resolve is strict only: the library has no non-strict mode.
 *
 * Strings: a request's "\u0000" is a NUL char in the input, surrogate pairs are joined (Java's
 * UTF-16); answers escape every non-ASCII char, so no encoding is involved on output.
 */

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

public final class Adapter {
  /** A JSON number, kept as its text so that an id is echoed as it came. */
  static final class Num {
    final String text;

    Num(String text) {
      this.text = text;
    }
  }

  static final class BadJson extends Exception {
    BadJson(String message) {
      super(message);
    }
  }

  /* ---- a small JSON reader ---- */

  static final class Reader {
    final String s;
    int i;

    Reader(String s) {
      this.s = s;
    }

    void space() {
      while (i < s.length()) {
        char c = s.charAt(i);
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') i++;
        else break;
      }
    }

    Object value(int depth) throws BadJson {
      if (depth > 64) throw new BadJson("nested too deep");
      space();
      if (i >= s.length()) throw new BadJson("unexpected end");
      char c = s.charAt(i);
      if (c == '{') {
        i++;
        Map<String, Object> map = new LinkedHashMap<>();
        space();
        if (i < s.length() && s.charAt(i) == '}') {
          i++;
          return map;
        }
        while (true) {
          space();
          if (i >= s.length() || s.charAt(i) != '"') throw new BadJson("expected a key");
          String key = string();
          space();
          if (i >= s.length() || s.charAt(i) != ':') throw new BadJson("expected ':'");
          i++;
          map.put(key, value(depth + 1));
          space();
          if (i < s.length() && s.charAt(i) == ',') {
            i++;
            continue;
          }
          if (i < s.length() && s.charAt(i) == '}') {
            i++;
            return map;
          }
          throw new BadJson("expected ',' or '}'");
        }
      }
      if (c == '[') {
        i++;
        List<Object> list = new ArrayList<>();
        space();
        if (i < s.length() && s.charAt(i) == ']') {
          i++;
          return list;
        }
        while (true) {
          list.add(value(depth + 1));
          space();
          if (i < s.length() && s.charAt(i) == ',') {
            i++;
            continue;
          }
          if (i < s.length() && s.charAt(i) == ']') {
            i++;
            return list;
          }
          throw new BadJson("expected ',' or ']'");
        }
      }
      if (c == '"') return string();
      if (s.startsWith("true", i)) {
        i += 4;
        return Boolean.TRUE;
      }
      if (s.startsWith("false", i)) {
        i += 5;
        return Boolean.FALSE;
      }
      if (s.startsWith("null", i)) {
        i += 4;
        return null;
      }
      int start = i;
      while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
      if (i == start) throw new BadJson("unexpected character");
      return new Num(s.substring(start, i));
    }

    String string() throws BadJson {
      i++; // the opening quote
      StringBuilder out = new StringBuilder();
      while (true) {
        if (i >= s.length()) throw new BadJson("unterminated string");
        char c = s.charAt(i++);
        if (c == '"') return out.toString();
        if (c < 0x20) throw new BadJson("control character in a string");
        if (c != '\\') {
          out.append(c);
          continue;
        }
        if (i >= s.length()) throw new BadJson("unterminated escape");
        char e = s.charAt(i++);
        switch (e) {
          case '"': case '\\': case '/': out.append(e); break;
          case 'b': out.append('\b'); break;
          case 'f': out.append('\f'); break;
          case 'n': out.append('\n'); break;
          case 'r': out.append('\r'); break;
          case 't': out.append('\t'); break;
          case 'u': {
            if (i + 4 > s.length()) throw new BadJson("short \\u escape");
            int v = 0;
            for (int k = 0; k < 4; k++) {
              int d = Character.digit(s.charAt(i + k), 16);
              if (d < 0) throw new BadJson("bad \\u escape");
              v = v * 16 + d;
            }
            i += 4;
            // UTF-16 code units: a surrogate pair's two escapes become one code point here.
            out.append((char) v);
            break;
          }
          default:
            throw new BadJson("bad escape");
        }
      }
    }
  }

  /* ---- answers ---- */

  static void quote(StringBuilder out, String s) {
    out.append('"');
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      if (c == '"' || c == '\\') out.append('\\').append(c);
      else if (c < 0x20 || c >= 0x7f) out.append(String.format("\\u%04x", (int) c));
      else out.append(c);
    }
    out.append('"');
  }

  static void value(StringBuilder out, Object v) {
    if (v == null) out.append("null");
    else if (v instanceof String) quote(out, (String) v);
    else if (v instanceof Num) out.append(((Num) v).text);
    else if (v instanceof Boolean) out.append(v.toString());
    else if (v instanceof List) {
      out.append('[');
      boolean first = true;
      for (Object o : (List<?>) v) {
        if (!first) out.append(',');
        first = false;
        value(out, o);
      }
      out.append(']');
    } else if (v instanceof Map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        if (!first) out.append(',');
        first = false;
        quote(out, (String) e.getKey());
        out.append(':');
        value(out, e.getValue());
      }
      out.append('}');
    }
  }

  static Map<String, Object> obj(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int k = 0; k < kv.length; k += 2) m.put((String) kv[k], kv[k + 1]);
    return m;
  }

  static Map<String, Object> about() {
    List<Object> blind = new ArrayList<>();
    blind.add(obj("field", "host", "how", "empty-is-undefined",
        "reason", "an empty authority (file:///a, //) is reported as no authority: getRawAuthority() and getHost() are null"));
    return obj(
        "protocol", new Num("2"),
        "name", "java-net-uri",
        "language", "Java",
        "library", "java.net.URI",
        "version", System.getProperty("java.version"),
        "spec", "RFC 2396 with RFC 2732 (java.net.URI)",
        "operations", List.of("parse", "resolve", "serialize"),
        "rules", List.of("URI-reference"),
        "blind_spots", blind,
        // What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
        "reproduce", obj(
            "language", "java",
            "parse", "public class Main {\n  public static void main(String[] args) throws Exception {\n    java.net.URI u = new java.net.URI({input});\n    System.out.println(\"scheme=\" + u.getScheme() + \" userinfo=\" + u.getRawUserInfo() + \" authority=\" + u.getRawAuthority() + \" host=\" + u.getHost() + \" port=\" + u.getPort() + \" path=\" + u.getRawPath() + \" query=\" + u.getRawQuery() + \" fragment=\" + u.getRawFragment());\n  }\n}\n",
            "resolve", "public class Main {\n  public static void main(String[] args) throws Exception {\n    System.out.println(new java.net.URI({base}).resolve(new java.net.URI({input})));\n  }\n}\n"));
  }

  static String failure(Throwable t) {
    return t.getClass().getName() + ": " + t.getMessage();
  }

  static Map<String, Object> invalid(Throwable t) {
    return obj("valid", Boolean.FALSE, "error", failure(t));
  }

  static String hostKind(String host) {
    if (host.startsWith("[v") || host.startsWith("[V")) return "ipvfuture";
    if (host.startsWith("[")) return "ipv6";
    String[] parts = host.split("\\.", -1);
    if (parts.length == 4) {
      boolean quad = true;
      for (String p : parts) {
        if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(ch -> ch >= '0' && ch <= '9')
            || (p.length() > 1 && p.charAt(0) == '0') || Integer.parseInt(p) > 255) {
          quad = false;
        }
      }
      if (quad) return "ipv4";
    }
    return "reg-name";
  }

  static Map<String, Object> parse(String input) {
    URI uri;
    try {
      uri = new URI(input);
    } catch (Throwable t) {
      return invalid(t);
    }
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("scheme", uri.getScheme());
    String userinfo = null, host = null, port = null, kind = null;
    String authority = uri.getRawAuthority();
    if (authority != null) {
      if (uri.getHost() != null) {
        userinfo = uri.getRawUserInfo();
        host = uri.getHost();
        String rest = authority;
        if (userinfo != null && rest.startsWith(userinfo + "@")) rest = rest.substring(userinfo.length() + 1);
        if (rest.startsWith(host)) {
          rest = rest.substring(host.length());
          if (rest.startsWith(":")) port = rest.substring(1);
        } else if (uri.getPort() != -1) {
          port = Integer.toString(uri.getPort());
        }
      } else {
        host = authority; // registry-based: the library does not split it
      }
      kind = hostKind(host);
    }
    c.put("userinfo", userinfo);
    c.put("host", host);
    c.put("port", port);
    if (uri.isOpaque()) {
      c.put("path", uri.getRawSchemeSpecificPart());
      c.put("query", null);
    } else {
      c.put("path", uri.getRawPath() == null ? "" : uri.getRawPath());
      c.put("query", uri.getRawQuery());
    }
    c.put("fragment", uri.getRawFragment());
    return obj("valid", Boolean.TRUE, "components", c, "host_kind", kind);
  }

  static Map<String, Object> resolve(String base, String input) {
    URI b, r;
    try {
      b = new URI(base);
    } catch (Throwable t) {
      return obj("valid", Boolean.FALSE, "error", "base: " + failure(t));
    }
    try {
      r = new URI(input);
    } catch (Throwable t) {
      return invalid(t);
    }
    try {
      return obj("valid", Boolean.TRUE, "target", b.resolve(r).toString());
    } catch (Throwable t) {
      return invalid(t);
    }
  }

  static Map<String, Object> serialize(String input) {
    try {
      return obj("valid", Boolean.TRUE, "serialized", new URI(input).toString());
    } catch (Throwable t) {
      return invalid(t);
    }
  }

  static final List<String> RULES = List.of("URI-reference", "URI", "absolute-URI", "relative-ref");
  static final List<String> IRI_RULES = List.of("IRI-reference", "IRI", "absolute-IRI", "irelative-ref");

  static Map<String, Object> answer(Map<?, ?> req) {
    Object op = req.get("op");
    Object input = req.get("input");
    if ("about".equals(op)) return about();
    if (Boolean.TRUE.equals(req.get("iri"))) return obj("unsupported", Boolean.TRUE);
    if ("parse".equals(op) && input instanceof String) {
      Object rule = req.containsKey("rule") ? req.get("rule") : "URI-reference";
      if ("URI-reference".equals(rule) && !Boolean.TRUE.equals(req.get("zone_id"))) return parse((String) input);
      if (RULES.contains(rule) || IRI_RULES.contains(rule)) return obj("unsupported", Boolean.TRUE);
      return obj("error", "unknown rule");
    }
    if ("resolve".equals(op) && input instanceof String && req.get("base") instanceof String) {
      if (Boolean.FALSE.equals(req.get("strict"))) return obj("unsupported", Boolean.TRUE);
      return resolve((String) req.get("base"), (String) input);
    }
    if ("normalize".equals(op) && input instanceof String) return obj("unsupported", Boolean.TRUE);
    if ("serialize".equals(op) && input instanceof String) return serialize((String) input);
    if ("iri-to-uri".equals(op) || "uri-to-iri".equals(op)) return obj("unsupported", Boolean.TRUE);
    return obj("error", "not a valid request: unknown op or missing field");
  }

  static void line(byte[] bytes, int from, int to, StringBuilder out) {
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes, from, to - from)).toString();
    } catch (CharacterCodingException e) {
      out.append("{\"error\":\"not a valid request: not UTF-8\"}\n");
      return;
    }
    if (text.trim().isEmpty()) return;
    Object id = null;
    boolean hasId = false;
    Map<String, Object> response;
    try {
      Reader reader = new Reader(text);
      Object request = reader.value(0);
      reader.space();
      if (reader.i != text.length()) throw new BadJson("text after the request");
      if (!(request instanceof Map)) throw new BadJson("not an object");
      Map<?, ?> req = (Map<?, ?>) request;
      if (req.containsKey("id")) {
        id = req.get("id");
        hasId = true;
      }
      response = answer(req);
    } catch (BadJson e) {
      response = obj("error", "not a valid request: " + e.getMessage());
    } catch (Throwable t) {
      response = obj("error", "adapter failure: " + failure(t));
    }
    if (hasId) {
      Map<String, Object> withId = new LinkedHashMap<>();
      withId.put("id", id);
      withId.putAll(response);
      response = withId;
    }
    value(out, response);
    out.append('\n');
  }

  public static void main(String[] args) throws IOException {
    InputStream in = System.in;
    OutputStream stdout = System.out;
    // Nothing but answers on stdout: anything the library might print goes to stderr.
    System.setOut(System.err);
    byte[] buffer = new byte[1 << 16];
    int len = 0;
    while (true) {
      if (len == buffer.length) {
        byte[] bigger = new byte[buffer.length * 2];
        System.arraycopy(buffer, 0, bigger, 0, len);
        buffer = bigger;
      }
      int n = in.read(buffer, len, buffer.length - len);
      StringBuilder out = new StringBuilder();
      if (n < 0) {
        if (len > 0) line(buffer, 0, len, out);
        stdout.write(out.toString().getBytes(StandardCharsets.UTF_8));
        stdout.flush();
        return;
      }
      int scanFrom = len;
      len += n;
      int start = 0;
      for (int k = scanFrom; k < len; k++) {
        if (buffer[k] == '\n') {
          line(buffer, start, k, out);
          start = k + 1;
        }
      }
      System.arraycopy(buffer, start, buffer, 0, len - start);
      len -= start;
      if (out.length() > 0) {
        stdout.write(out.toString().getBytes(StandardCharsets.UTF_8));
        stdout.flush();
      }
    }
  }
}
