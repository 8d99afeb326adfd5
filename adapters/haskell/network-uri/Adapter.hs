{- An implementation adapter in Haskell for uri-conformance: the network-uri package's
   Network.URI (https://hackage.haskell.org/package/network-uri/docs/Network-URI.html), speaking
   protocol version 2 (see adapters/README.md): one JSON request a line on stdin, one answer a
   line on stdout with the request's "id" echoed, and an answer to {"op":"about"}.

       adapters/haskell/network-uri/setup   # apt-get install ghc libghc-network-uri-dev; ghc
       uri-conformance diff --impl-cmd adapters/haskell/network-uri/run 'http://a/b'

   The calls used:
     parse      parseURIReference, parseURI, parseAbsoluteURI and parseRelativeReference, one
                for each of the protocol's four rules (Nothing is an invalid input). The
                library always accepts RFC 6874 zone identifiers in IPv6 literals, so a request
                with "zone_id":true is answered by the same call.
     resolve    relativeTo (strict), nonStrictRelativeTo ("strict":false: RFC 3986 section
                5.2.2's non-strict reading, a reference with the base's scheme loses it); the
                base is parsed with parseURI, the reference with parseURIReference.
     normalize  normalizeCase . normalizeEscape . normalizePathSegments, the three functions the
                documentation ties to RFC 3986 sections 6.2.2.1, 6.2.2.2 and 6.2.2.3. They take
                and return strings and refuse nothing, so an input that parseURIReference
                refuses is answered invalid first. Documented departure: "authority case
                normalization is not performed" (the host is not lowercased); and
                normalizePathSegments only acts on what parseURI accepts (an absolute URI).
     serialize  uriToString id (id: the userinfo is written as it is; show would hide a
                password).

   The documentation claims RFC 3986 ("This module is intended to provide an implementation of
   RFC 3986"). How the library's URI record maps onto the protocol's components:
     scheme    uriScheme without its trailing ':' ("" is no scheme: a scheme is never empty).
     userinfo  uriUserInfo without its trailing '@' ("" is no userinfo, "@" an empty one).
     host      uriRegName, as the library keeps it (an IP-literal with its brackets).
     port      uriPort without its leading ':' ("" is no port, ":" an empty one).
     path      uriPath.
     query     uriQuery without its leading '?' ("" is no query, "?" an empty one).
     fragment  uriFragment without its leading '#' (likewise).
   So every undefined component is told from an empty one, and nothing is decoded or folded.
   host_kind: the library does not store a kind; the adapter classifies uriRegName with the
   library's own predicates isIPv6address and isIPv4address (the ones its parser uses), a
   bracketed host that is not an IPv6address (before an RFC 6874 zone, "%25" and its zoneid,
   which ipv6addrz reads after it) being an IPvFuture.

   Every exception (the library's "error" calls included) is caught and answered
   {"valid":false,"error":...}. JSON is decoded and encoded by hand below (ghc's boot packages
   have no JSON library): UTF-8 in and out, \u escapes with surrogate pairs (a lone surrogate
   becomes U+FFFD).
-}
module Main (main) where

import Control.Exception (SomeException, evaluate, try)
import qualified Data.ByteString as B
import qualified Data.ByteString.Char8 as BC
import Data.Char (chr, isDigit, isHexDigit, digitToInt, ord)
import Data.List (isPrefixOf)
import qualified Data.Text as T
import qualified Data.Text.Encoding as TE
import Network.URI
import Numeric (showHex)
import System.IO
import System.IO.Error (catchIOError)

import Version (networkUriVersion)

-- JSON values; an object keeps its fields in order.
data J = JS String | JN String | JB Bool | JNull | JA [J] | JO [(String, J)]

main :: IO ()
main = do
  hSetBinaryMode stdin True
  hSetBinaryMode stdout True
  hSetBuffering stdout (BlockBuffering (Just 65536))
  loop

loop :: IO ()
loop = do
  eof <- hIsEOF stdin
  if eof
    then hFlush stdout
    else do
      line <- B.hGetLine stdin
      answerLine line
      waiting <- hWaitForInput stdin 0 `catchIOError` (\_ -> return False)
      if waiting then return () else hFlush stdout
      loop

answerLine :: B.ByteString -> IO ()
answerLine raw =
  let line = if not (B.null raw) && BC.last raw == '\r' then B.init raw else raw
   in if BC.all (`elem` " \t") line
        then return ()
        else do
          out <- try (evaluate (render (answerBytes line))) :: IO (Either SomeException B.ByteString)
          case out of
            Right bytes -> B.hPut stdout bytes
            Left e -> B.hPut stdout (render (JO [("error", JS ("adapter failure: " ++ show e))]))

render :: J -> B.ByteString
render j = let s = encode j "\n" in TE.encodeUtf8 (T.pack s)

answerBytes :: B.ByteString -> J
answerBytes line = case TE.decodeUtf8' line of
  Left _ -> JO [("error", JS "not a valid request: not UTF-8")]
  Right text -> case decode (T.unpack text) of
    Just (JO fields) ->
      let idField = case lookup "id" fields of
            Just v@(JS _) -> [("id", v)]
            Just v@(JN _) -> [("id", v)]
            _ -> []
       in JO (idField ++ answer fields)
    _ -> JO [("error", JS "not a valid request: not a JSON object")]

str :: [(String, J)] -> String -> Maybe String
str fields key = case lookup key fields of
  Just (JS s) -> Just s
  _ -> Nothing

bool :: [(String, J)] -> String -> Bool -> Bool
bool fields key dflt = case lookup key fields of
  Just (JB b) -> b
  _ -> dflt

unknown :: String -> [(String, J)]
unknown why = [("error", JS ("not a valid request: " ++ why))]

unsupported :: [(String, J)]
unsupported = [("unsupported", JB True)]

invalid :: String -> [(String, J)]
invalid why = [("valid", JB False), ("error", JS why)]

answer :: [(String, J)] -> [(String, J)]
answer f = case (str f "op", str f "input") of
  (Just "about", _) -> about
  (Just "parse", Just input) -> case lookup "rule" f of
    Nothing -> parseBy "URI-reference" input
    Just (JS r)
      | r `elem` ["URI-reference", "URI", "absolute-URI", "relative-ref"] ->
          parseBy r input
    _ -> unknown "unknown rule"
  (Just "resolve", Just input) | not (bool f "iri" False) -> case str f "base" of
    Nothing -> unknown "resolve without a base"
    Just base -> resolve (bool f "strict" True) base input
  (Just "normalize", Just input) | not (bool f "iri" False) -> case lookup "level" f of
    Nothing -> normalize input
    Just (JS "syntax") -> normalize input
    Just (JS "scheme") -> unsupported
    _ -> unknown "unknown level"
  (Just "serialize", Just input) -> case parseURIReference input of
    Nothing -> invalid "URI-reference: parseURIReference refused it"
    Just u -> [("valid", JB True), ("serialized", JS (uriToString id u ""))]
  _ -> unknown "unknown op or missing field"

about :: [(String, J)]
about =
  [ ("protocol", JN "2"),
    ("name", JS "haskell-network-uri"),
    ("language", JS "Haskell"),
    ("library", JS "network-uri"),
    ("version", JS networkUriVersion),
    ("spec", JS "RFC 3986"),
    ("operations", JA (map JS ["parse", "resolve", "normalize", "serialize"])),
    ("rules", JA (map JS ["URI-reference", "URI", "absolute-URI", "relative-ref"])),
    ("blind_spots", JA []),
    ("reproduce", JO (("language", JS "haskell") : [(op, JS program) | (op, program) <- reproduce]))
  ]

-- The programs a report shows under "Reproduce with ... alone", against network-uri only
-- (docs/protocol.md, about.reproduce); each placeholder becomes a Haskell string literal.
-- Each is its `main`, after the lines every program opens with.
reproduce :: [(String, String)]
reproduce =
  [ ( "parse",
      program
        [ "main = do",
          "  let rules = [(\"URI\", parseURI), (\"absolute-URI\", parseAbsoluteURI), (\"relative-ref\", parseRelativeReference)]",
          "      parser = maybe parseURIReference id (lookup {rule} rules)",
          "  case parser {input} of",
          "    Nothing -> putStrLn \"Nothing\"",
          "    Just u -> do",
          "      putStrLn (\"uriScheme: \" ++ show (uriScheme u))",
          "      putStrLn (\"uriAuthority: \" ++ show (uriAuthority u))",
          "      putStrLn (\"uriPath: \" ++ show (uriPath u))",
          "      putStrLn (\"uriQuery: \" ++ show (uriQuery u))",
          "      putStrLn (\"uriFragment: \" ++ show (uriFragment u))"
        ]
    ),
    ( "resolve",
      program
        [ "main = case (parseURI {base}, parseURIReference {input}) of",
          "  (Nothing, _) -> putStrLn \"base: parseURI gives Nothing\"",
          "  (_, Nothing) -> putStrLn \"reference: parseURIReference gives Nothing\"",
          "  (Just base, Just reference) -> do",
          "    let target = if {strict} then reference `relativeTo` base else reference `nonStrictRelativeTo` base",
          "    putStrLn (uriToString id target \"\")"
        ]
    ),
    ( "normalize",
      program
        [ "main = do",
          "  let input = {input}",
          "  case parseURIReference input of",
          "    Nothing -> putStrLn \"parseURIReference gives Nothing\"",
          "    Just _ -> putStrLn (normalizeCase (normalizeEscape (normalizePathSegments input)))"
        ]
    )
  ]

-- A program of `reproduce`: the command that builds it, the import, `main`'s type, then `body`.
program :: [String] -> String
program body =
  unlines
    ( [ "-- ghc -package network-uri prog.hs",
        "import Network.URI",
        "",
        "main :: IO ()"
      ]
        ++ body
    )

parseBy :: String -> String -> [(String, J)]
parseBy rule input =
  let parser = case rule of
        "URI" -> parseURI
        "absolute-URI" -> parseAbsoluteURI
        "relative-ref" -> parseRelativeReference
        _ -> parseURIReference
      name = case rule of
        "URI" -> "parseURI"
        "absolute-URI" -> "parseAbsoluteURI"
        "relative-ref" -> "parseRelativeReference"
        _ -> "parseURIReference"
   in case parser input of
        Nothing -> invalid (rule ++ ": " ++ name ++ " refused it")
        Just u -> components u

components :: URI -> [(String, J)]
components u =
  let auth = uriAuthority u
      scheme = if null (uriScheme u) then JNull else JS (init (uriScheme u))
      userinfo = case auth of
        Just a | not (null (uriUserInfo a)) -> JS (dropLast '@' (uriUserInfo a))
        _ -> JNull
      host = maybe JNull (JS . uriRegName) auth
      port = case auth of
        Just a | not (null (uriPort a)) -> JS (drop 1 (uriPort a))
        _ -> JNull
      delimited c s = case s of
        (d : rest) | d == c -> JS rest
        _ -> JNull
      kind = case auth of
        Nothing -> JNull
        Just a -> JS (hostKind (uriRegName a))
   in [ ("valid", JB True),
        ( "components",
          JO
            [ ("scheme", scheme),
              ("userinfo", userinfo),
              ("host", host),
              ("port", port),
              ("path", JS (uriPath u)),
              ("query", delimited '?' (uriQuery u)),
              ("fragment", delimited '#' (uriFragment u))
            ]
        ),
        ("host_kind", kind)
      ]
  where
    dropLast c s = if not (null s) && last s == c then init s else s

hostKind :: String -> String
hostKind h
  | "[" `isPrefixOf` h =
      if isIPv6address (addressOf (takeWhile (/= ']') (drop 1 h))) then "ipv6" else "ipvfuture"
  | isIPv4address h = "ipv4"
  | otherwise = "reg-name"
  where
    -- ipv6addrz: an RFC 6874 zone ("%25" zoneid) after the address, which isIPv6address
    -- does not take.
    addressOf s = case breakOn s of (a, _) -> a
    breakOn s@('%':'2':'5':_) = ("", s)
    breakOn (c:cs) = let (a, z) = breakOn cs in (c:a, z)
    breakOn [] = ("", "")

resolve :: Bool -> String -> String -> [(String, J)]
resolve strict base input = case (parseURI base, parseURIReference input) of
  (Nothing, _) -> invalid "base: parseURI refused it"
  (_, Nothing) -> invalid "URI-reference: parseURIReference refused it"
  (Just b, Just r) ->
    let target = if strict then r `relativeTo` b else r `nonStrictRelativeTo` b
     in [("valid", JB True), ("target", JS (uriToString id target ""))]

normalize :: String -> [(String, J)]
normalize input = case parseURIReference input of
  Nothing -> invalid "URI-reference: parseURIReference refused it"
  Just _ ->
    [ ("valid", JB True),
      ("normalized", JS (normalizeCase (normalizeEscape (normalizePathSegments input))))
    ]

-- ---- JSON ------------------------------------------------------------------------------------

decode :: String -> Maybe J
decode s = case value (ws s) of
  Just (v, rest) | null (ws rest) -> Just v
  _ -> Nothing

ws :: String -> String
ws = dropWhile (`elem` " \t\r\n")

value :: String -> Maybe (J, String)
value ('{' : rest) = object (ws rest) []
value ('[' : rest) = array (ws rest) []
value ('"' : rest) = do
  (s, r) <- string rest ""
  return (JS s, r)
value s
  | "true" `isPrefixOf` s = Just (JB True, drop 4 s)
  | "false" `isPrefixOf` s = Just (JB False, drop 5 s)
  | "null" `isPrefixOf` s = Just (JNull, drop 4 s)
value s@(c : _)
  | c == '-' || isDigit c =
      let (n, r) = span (`elem` "+-.eE0123456789") s in Just (JN n, r)
value _ = Nothing

object :: String -> [(String, J)] -> Maybe (J, String)
object ('}' : rest) acc = Just (JO (reverse acc), rest)
object ('"' : rest) acc = do
  (k, r1) <- string rest ""
  r2 <- case ws r1 of
    (':' : r) -> Just (ws r)
    _ -> Nothing
  (v, r3) <- value r2
  -- The last of two equal keys wins, as in most JSON decoders.
  let acc' = (k, v) : filter ((/= k) . fst) acc
  case ws r3 of
    (',' : r) -> object (ws r) acc'
    ('}' : r) -> Just (JO (reverse acc'), r)
    _ -> Nothing
object _ _ = Nothing

array :: String -> [J] -> Maybe (J, String)
array (']' : rest) acc = Just (JA (reverse acc), rest)
array s acc = do
  (v, r1) <- value s
  case ws r1 of
    (',' : r) -> array (ws r) (v : acc)
    (']' : r) -> Just (JA (reverse (v : acc)), r)
    _ -> Nothing

string :: String -> String -> Maybe (String, String)
string ('"' : rest) acc = Just (reverse acc, rest)
string ('\\' : 'u' : a : b : c : d : rest) acc
  | all isHexDigit [a, b, c, d] =
      let code = hex [a, b, c, d]
       in if code >= 0xD800 && code <= 0xDBFF
            then case rest of
              ('\\' : 'u' : e : f : g : h : rest2)
                | all isHexDigit [e, f, g, h],
                  let low = hex [e, f, g, h],
                  low >= 0xDC00 && low <= 0xDFFF ->
                    string rest2 (chr (0x10000 + (code - 0xD800) * 0x400 + (low - 0xDC00)) : acc)
              _ -> string rest ('\xFFFD' : acc)
            else
              if code >= 0xDC00 && code <= 0xDFFF
                then string rest ('\xFFFD' : acc)
                else string rest (chr code : acc)
  where
    hex = foldl (\n x -> n * 16 + digitToInt x) 0
string ('\\' : c : rest) acc = case lookup c escapes of
  Just x -> string rest (x : acc)
  Nothing -> Nothing
  where
    escapes = [('"', '"'), ('\\', '\\'), ('/', '/'), ('b', '\b'), ('f', '\f'), ('n', '\n'), ('r', '\r'), ('t', '\t')]
string (c : rest) acc
  | ord c >= 0x20 = string rest (c : acc)
string _ _ = Nothing

encode :: J -> ShowS
encode (JS s) = showChar '"' . escape s . showChar '"'
encode (JN n) = showString n
encode (JB True) = showString "true"
encode (JB False) = showString "false"
encode JNull = showString "null"
encode (JA vs) = showChar '[' . commas (map encode vs) . showChar ']'
encode (JO fs) = showChar '{' . commas [encode (JS k) . showChar ':' . encode v | (k, v) <- fs] . showChar '}'

commas :: [ShowS] -> ShowS
commas [] = id
commas (x : xs) = x . foldr (\y acc -> showChar ',' . y . acc) id xs

escape :: String -> ShowS
escape [] = id
escape (c : cs)
  | c == '"' = showString "\\\"" . escape cs
  | c == '\\' = showString "\\\\" . escape cs
  | ord c < 0x20 || ord c == 0x7F =
      let h = showHex (ord c) "" in showString "\\u" . showString (replicate (4 - length h) '0' ++ h) . escape cs
  | ord c >= 0xD800 && ord c <= 0xDFFF = showChar '\xFFFD' . escape cs
  | otherwise = showChar c . escape cs
