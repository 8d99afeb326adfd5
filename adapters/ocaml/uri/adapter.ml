(* An implementation adapter in OCaml for uri-conformance: the uri library (mirage's ocaml-uri,
   https://github.com/mirage/ocaml-uri, API: https://mirage.github.io/ocaml-uri/uri/Uri/), from
   Debian's liburi-ocaml-dev, speaking protocol version 2 (see adapters/README.md): one JSON
   request a line on stdin, one answer a line on stdout with the request's "id" echoed, and an
   answer to {"op":"about"}.

       adapters/ocaml/uri/setup     # apt-get install ocaml-nox ocaml-findlib liburi-ocaml-dev
       uri-conformance diff --impl-cmd adapters/ocaml/uri/run 'http://a/b'

   The calls used:
     parse      Uri.of_string, then the getters Uri.scheme, Uri.userinfo, Uri.host, Uri.port,
                Uri.path, Uri.verbatim_query and Uri.fragment. Uri.of_string is total: it never
                refuses an input ("A bare string will be interpreted as a path"; its parser
                "only parse[s] a prefix, and stop[s] whenever [it] can't parse more", and stops
                at the first line feed), so every parse answer is valid. It has one entry point,
                so only the URI-reference rule is answered.
     resolve    Uri.resolve "" base reference (RFC 3986 section 5.2; strict only).
     normalize  Uri.canonicalize, documented as section 6.2.3 "Scheme-Based Normalization"
                ("more aggressive than the standard URI-generic normalization automatically
                done"): it answers the "scheme" level. The "syntax" level is unsupported: the
                generic normalization Uri.of_string does by itself removes no dot-segments.
     serialize  Uri.to_string (Uri.of_string input).

   The library's documentation says "Uniform Resource Identifier handling that is
   RFC3986-compliant". What it reports differently from the input's substrings (blind spots):
     scheme    lowercased by Uri.of_string (case-folded).
     userinfo  stored decoded, Uri.userinfo writes it encoded again by its own table (re-encoded:
               "::" is ":%3A", the password's ":" encoded).
     host      stored percent-decoded, and lowercased for http, https and file (decoded,
               case-folded); the file scheme's "localhost" becomes "". Not its kind (host_kind
               hidden).
     port      an int option: an empty port, a port with a non-digit and one that int_of_string
               cannot read are all None (empty-is-undefined); leading zeros are lost (number).
     path      stored as decoded segments, Uri.path writes them encoded again by its own table
               (re-encoded: "[" is "%5B", "%2a" is "*").
     query     Uri.verbatim_query is the literal text as parsed: exact.
     fragment  stored and returned percent-decoded (decoded).
   A decoded component may hold bytes that are not UTF-8 (from "%FF"), which JSON cannot carry:
   the adapter writes each such byte as "%XX", which the comparison decodes back to the byte.

   Every exception is caught and answered {"valid":false,"error":...}. JSON is decoded and
   encoded by hand below (UTF-8 strings, \u escapes with surrogate pairs; a lone surrogate
   becomes U+FFFD).
*)

type json =
  | S of string
  | N of string
  | B of bool
  | Null
  | A of json list
  | O of (string * json) list

exception Bad of string

(* ---- JSON decoding ------------------------------------------------------------------------ *)

let decode (s : string) : json =
  let n = String.length s in
  let pos = ref 0 in
  let peek () = if !pos < n then s.[!pos] else '\000' in
  let eof () = !pos >= n in
  let rec ws () =
    if (not (eof ())) && (match peek () with ' ' | '\t' | '\r' | '\n' -> true | _ -> false)
    then (incr pos; ws ())
  in
  let expect c = if (not (eof ())) && peek () = c then incr pos else raise (Bad "unexpected character") in
  let add_utf8 b cp =
    if cp < 0x80 then Buffer.add_char b (Char.chr cp)
    else if cp < 0x800 then begin
      Buffer.add_char b (Char.chr (0xC0 lor (cp lsr 6)));
      Buffer.add_char b (Char.chr (0x80 lor (cp land 0x3F)))
    end else if cp < 0x10000 then begin
      Buffer.add_char b (Char.chr (0xE0 lor (cp lsr 12)));
      Buffer.add_char b (Char.chr (0x80 lor ((cp lsr 6) land 0x3F)));
      Buffer.add_char b (Char.chr (0x80 lor (cp land 0x3F)))
    end else begin
      Buffer.add_char b (Char.chr (0xF0 lor (cp lsr 18)));
      Buffer.add_char b (Char.chr (0x80 lor ((cp lsr 12) land 0x3F)));
      Buffer.add_char b (Char.chr (0x80 lor ((cp lsr 6) land 0x3F)));
      Buffer.add_char b (Char.chr (0x80 lor (cp land 0x3F)))
    end
  in
  let hex4 () =
    if !pos + 4 > n then raise (Bad "short \\u escape");
    let v = ref 0 in
    for i = 0 to 3 do
      let d = match s.[!pos + i] with
        | '0' .. '9' as c -> Char.code c - 48
        | 'a' .. 'f' as c -> Char.code c - 87
        | 'A' .. 'F' as c -> Char.code c - 55
        | _ -> raise (Bad "bad \\u escape") in
      v := !v * 16 + d
    done;
    pos := !pos + 4;
    !v
  in
  let string () =
    expect '"';
    let b = Buffer.create 64 in
    let rec go () =
      if eof () then raise (Bad "unterminated string");
      let c = peek () in
      incr pos;
      match c with
      | '"' -> ()
      | '\\' ->
        if eof () then raise (Bad "unterminated escape");
        let e = peek () in
        incr pos;
        (match e with
         | '"' -> Buffer.add_char b '"'
         | '\\' -> Buffer.add_char b '\\'
         | '/' -> Buffer.add_char b '/'
         | 'b' -> Buffer.add_char b '\b'
         | 'f' -> Buffer.add_char b '\012'
         | 'n' -> Buffer.add_char b '\n'
         | 'r' -> Buffer.add_char b '\r'
         | 't' -> Buffer.add_char b '\t'
         | 'u' ->
           let cp = hex4 () in
           if cp >= 0xD800 && cp <= 0xDBFF then begin
             if !pos + 6 <= n && s.[!pos] = '\\' && s.[!pos + 1] = 'u' then begin
               let save = !pos in
               pos := !pos + 2;
               let lo = hex4 () in
               if lo >= 0xDC00 && lo <= 0xDFFF then
                 add_utf8 b (0x10000 + ((cp - 0xD800) lsl 10) + (lo - 0xDC00))
               else (pos := save; add_utf8 b 0xFFFD)
             end else add_utf8 b 0xFFFD
           end else if cp >= 0xDC00 && cp <= 0xDFFF then add_utf8 b 0xFFFD
           else add_utf8 b cp
         | _ -> raise (Bad "bad escape"));
        go ()
      | c when Char.code c < 0x20 -> raise (Bad "control character in string")
      | c -> Buffer.add_char b c; go ()
    in
    go ();
    Buffer.contents b
  in
  let rec value () =
    ws ();
    match peek () with
    | '{' ->
      incr pos; ws ();
      if peek () = '}' then (incr pos; O [])
      else begin
        let rec fields acc =
          ws ();
          let k = string () in
          ws (); expect ':';
          let v = value () in
          ws ();
          let acc = (k, v) :: List.remove_assoc k acc in
          match peek () with
          | ',' -> incr pos; fields acc
          | '}' -> incr pos; O (List.rev acc)
          | _ -> raise (Bad "bad object")
        in
        fields []
      end
    | '[' ->
      incr pos; ws ();
      if peek () = ']' then (incr pos; A [])
      else begin
        let rec items acc =
          let v = value () in
          ws ();
          match peek () with
          | ',' -> incr pos; items (v :: acc)
          | ']' -> incr pos; A (List.rev (v :: acc))
          | _ -> raise (Bad "bad array")
        in
        items []
      end
    | '"' -> S (string ())
    | 't' when !pos + 4 <= n && String.sub s !pos 4 = "true" -> pos := !pos + 4; B true
    | 'f' when !pos + 5 <= n && String.sub s !pos 5 = "false" -> pos := !pos + 5; B false
    | 'n' when !pos + 4 <= n && String.sub s !pos 4 = "null" -> pos := !pos + 4; Null
    | '-' | '0' .. '9' ->
      let start = !pos in
      while (not (eof ())) && (match peek () with '0' .. '9' | '-' | '+' | '.' | 'e' | 'E' -> true | _ -> false) do
        incr pos
      done;
      N (String.sub s start (!pos - start))
    | _ -> raise (Bad "unexpected character")
  in
  let v = value () in
  ws ();
  if not (eof ()) then raise (Bad "trailing text");
  v

(* ---- JSON encoding ------------------------------------------------------------------------ *)

(* The length of the UTF-8 sequence at [i] of [s], 0 when it is not one. *)
let utf8_length s i =
  let n = String.length s in
  let byte i = Char.code s.[i] in
  let cont i = i < n && byte i land 0xC0 = 0x80 in
  let c = byte i in
  if c < 0x80 then 1
  else if c >= 0xC2 && c <= 0xDF && cont (i + 1) then 2
  else if c >= 0xE0 && c <= 0xEF && cont (i + 1) && cont (i + 2)
          && (let c1 = byte (i + 1) in
              (c <> 0xE0 || c1 >= 0xA0) && (c <> 0xED || c1 < 0xA0)) then 3
  else if c >= 0xF0 && c <= 0xF4 && cont (i + 1) && cont (i + 2) && cont (i + 3)
          && (let c1 = byte (i + 1) in
              (c <> 0xF0 || c1 >= 0x90) && (c <> 0xF4 || c1 < 0x90)) then 4
  else 0

let is_utf8 s =
  let n = String.length s in
  let rec go i = i >= n || (let l = utf8_length s i in l > 0 && go (i + l)) in
  go 0

(* Valid UTF-8 passes; any other byte is written "%XX" (see the header). *)
let add_string b s =
  Buffer.add_char b '"';
  let n = String.length s in
  let i = ref 0 in
  while !i < n do
    let c = Char.code s.[!i] in
    let len = utf8_length s !i in
    (match len with
     | 0 -> Buffer.add_string b (Printf.sprintf "%%%02X" c); incr i
     | 1 ->
       (match s.[!i] with
        | '"' -> Buffer.add_string b "\\\""
        | '\\' -> Buffer.add_string b "\\\\"
        | ch when Char.code ch < 0x20 || Char.code ch = 0x7F ->
          Buffer.add_string b (Printf.sprintf "\\u%04x" (Char.code ch))
        | ch -> Buffer.add_char b ch);
       incr i
     | l -> Buffer.add_string b (String.sub s !i l); i := !i + l)
  done;
  Buffer.add_char b '"'

let rec encode b = function
  | S s -> add_string b s
  | N n -> Buffer.add_string b n
  | B true -> Buffer.add_string b "true"
  | B false -> Buffer.add_string b "false"
  | Null -> Buffer.add_string b "null"
  | A items ->
    Buffer.add_char b '[';
    List.iteri (fun i v -> if i > 0 then Buffer.add_char b ','; encode b v) items;
    Buffer.add_char b ']'
  | O fields ->
    Buffer.add_char b '{';
    List.iteri (fun i (k, v) ->
        if i > 0 then Buffer.add_char b ',';
        add_string b k; Buffer.add_char b ':'; encode b v) fields;
    Buffer.add_char b '}'

(* ---- the operations ----------------------------------------------------------------------- *)

let opt = function None -> Null | Some s -> S s

let about () =
  let blind field how reason = O [ ("field", S field); ("how", S how); ("reason", S reason) ] in
  [ ("protocol", N "2");
    ("name", S "ocaml-uri");
    ("language", S "OCaml");
    ("library", S "uri");
    ("version", S Version.uri_version);
    ("spec", S "RFC 3986");
    ("operations", A [ S "parse"; S "resolve"; S "normalize"; S "serialize" ]);
    ("rules", A [ S "URI-reference" ]);
    ("blind_spots", A [
        blind "scheme" "case-folded" "Uri.of_string lowercases the scheme";
        blind "userinfo" "re-encoded" "Uri.of_string decodes the userinfo, Uri.userinfo encodes it again";
        blind "host" "decoded" "Uri.of_string percent-decodes the host";
        blind "host" "case-folded" "Uri.of_string lowercases the host of http, https and file URIs";
        blind "host_kind" "hidden" "Uri.host is a string, without its kind";
        blind "port" "empty-is-undefined" "Uri.port is an int option: None for an empty port";
        blind "port" "number" "Uri.port is an int option: the leading zeros of the port are lost";
        blind "path" "re-encoded" "Uri.of_string decodes the path, Uri.path encodes it again";
        blind "fragment" "decoded" "Uri.fragment is percent-decoded";
      ]);
    (* The programs a report shows under "Reproduce with ... alone", against the library only
       (docs/protocol.md, about.reproduce); each placeholder becomes an OCaml string literal. *)
    ("reproduce", O [
        ("language", S "ocaml");
        ("parse", S {|(* ocamlfind ocamlopt -package uri -linkpkg prog.ml -o prog *)
let show name = function
  | None -> Printf.printf "%s: None\n" name
  | Some s -> Printf.printf "%s: Some %S\n" name s

let () =
  let u = Uri.of_string {input} in
  show "scheme" (Uri.scheme u);
  show "userinfo" (Uri.userinfo u);
  show "host" (Uri.host u);
  show "port" (Option.map string_of_int (Uri.port u));
  Printf.printf "path: %S\n" (Uri.path u);
  show "verbatim_query" (Uri.verbatim_query u);
  show "fragment" (Uri.fragment u)
|});
        ("resolve", S {|(* ocamlfind ocamlopt -package uri -linkpkg prog.ml -o prog *)
let () =
  let target = Uri.resolve "" (Uri.of_string {base}) (Uri.of_string {input}) in
  print_endline (Uri.to_string target)
|});
        ("normalize", S {|(* ocamlfind ocamlopt -package uri -linkpkg prog.ml -o prog *)
let () = print_endline (Uri.to_string (Uri.canonicalize (Uri.of_string {input})))
|});
      ]) ]

let parse input =
  let u = Uri.of_string input in
  [ ("valid", B true);
    ("components", O [
        ("scheme", opt (Uri.scheme u));
        ("userinfo", opt (Uri.userinfo u));
        ("host", opt (Uri.host u));
        ("port", (match Uri.port u with None -> Null | Some p -> S (string_of_int p)));
        ("path", S (Uri.path u));
        ("query", opt (Uri.verbatim_query u));
        ("fragment", opt (Uri.fragment u));
      ]);
    ("host_kind", Null) ]

let str fields k = match List.assoc_opt k fields with Some (S s) -> Some s | _ -> None
let bool fields k d = match List.assoc_opt k fields with Some (B b) -> b | _ -> d
let unknown why = [ ("error", S ("not a valid request: " ^ why)) ]
let unsupported = [ ("unsupported", B true) ]

let guarded f =
  try f () with
  | Stack_overflow -> [ ("valid", B false); ("error", S "Stack_overflow") ]
  | Out_of_memory -> [ ("valid", B false); ("error", S "Out_of_memory") ]
  | e -> [ ("valid", B false); ("error", S (Printexc.to_string e)) ]

let answer fields =
  let input = str fields "input" in
  let iri = bool fields "iri" false in
  match str fields "op", input with
  | Some "about", _ -> about ()
  | Some "parse", Some input ->
    (match List.assoc_opt "rule" fields with
     | None | Some (S "URI-reference") ->
       if bool fields "zone_id" false then unsupported else guarded (fun () -> parse input)
     | Some (S ("URI" | "absolute-URI" | "relative-ref")) -> unsupported
     | _ -> unknown "unknown rule")
  | Some "resolve", Some input when not iri ->
    (match str fields "base" with
     | None -> unknown "resolve without a base"
     | Some base ->
       if not (bool fields "strict" true) then unsupported
       else guarded (fun () ->
           let target = Uri.resolve "" (Uri.of_string base) (Uri.of_string input) in
           [ ("valid", B true); ("target", S (Uri.to_string target)) ]))
  | Some "normalize", Some input when not iri ->
    (match List.assoc_opt "level" fields with
     | Some (S "scheme") ->
       guarded (fun () ->
           [ ("valid", B true);
             ("normalized", S (Uri.to_string (Uri.canonicalize (Uri.of_string input)))) ])
     | None | Some (S "syntax") -> unsupported
     | _ -> unknown "unknown level")
  | Some "serialize", Some input ->
    guarded (fun () -> [ ("valid", B true); ("serialized", S (Uri.to_string (Uri.of_string input))) ])
  | _ -> unknown "unknown op or missing field"

let answer_line out line =
  let blank = ref true in
  String.iter (function ' ' | '\t' | '\r' -> () | _ -> blank := false) line;
  if not !blank then begin
    let fields =
      if not (is_utf8 line) then unknown "not UTF-8" else
      try
        match decode line with
        | O fields ->
          let id = match List.assoc_opt "id" fields with
            | Some (S _ as v) | Some (N _ as v) -> [ ("id", v) ]
            | _ -> [] in
          id @ (try answer fields with e -> [ ("valid", B false); ("error", S (Printexc.to_string e)) ])
        | _ -> unknown "not a JSON object"
      with
      | Bad why -> unknown ("not JSON: " ^ why)
      | Stack_overflow -> unknown "not JSON: nested too deep"
    in
    encode out (O fields);
    Buffer.add_char out '\n'
  end

(* Reads stdin in chunks, answers every complete line of a chunk, then writes the answers. *)
let () =
  let chunk = Bytes.create 65536 in
  let pending = Buffer.create 65536 in
  let out = Buffer.create 65536 in
  let write () =
    if Buffer.length out > 0 then begin
      let s = Buffer.contents out in
      Buffer.clear out;
      let len = String.length s in
      let rec go off =
        if off < len then
          match Unix.write_substring Unix.stdout s off (len - off) with
          | n -> go (off + n)
          | exception Unix.Unix_error (Unix.EINTR, _, _) -> go off
      in
      (try go 0 with Unix.Unix_error _ -> exit 0)
    end
  in
  let rec loop () =
    match Unix.read Unix.stdin chunk 0 (Bytes.length chunk) with
    | exception Unix.Unix_error (Unix.EINTR, _, _) -> loop ()
    | 0 ->
      if Buffer.length pending > 0 then answer_line out (Buffer.contents pending);
      write ()
    | n ->
      let start = ref 0 in
      for i = 0 to n - 1 do
        if Bytes.get chunk i = '\n' then begin
          Buffer.add_subbytes pending chunk !start (i - !start);
          answer_line out (Buffer.contents pending);
          Buffer.clear pending;
          start := i + 1
        end
      done;
      Buffer.add_subbytes pending chunk !start (n - !start);
      write ();
      loop ()
  in
  loop ()
