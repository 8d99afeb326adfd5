<?php
/*
 * An implementation adapter in PHP for uri-conformance: PHP's parse_url (the standard library),
 * speaking protocol version 2 (see adapters/README.md): one JSON request a line on stdin, one
 * answer a line on stdout with the request's "id" echoed, and an answer to {"op":"about"}.
 *
 *     adapters/php/parse-url/setup     # apt-get install php-cli
 *     uri-conformance diff --impl-cmd adapters/php/parse-url/run 'http://a/b'
 *
 * The library: parse_url($s) (https://www.php.net/manual/en/function.parse-url.php), which
 * returns an array of the components it found (keys scheme, host, port, user, pass, path,
 * query, fragment) or false "on seriously malformed URLs". PHP has no resolver, normalizer or
 * serializer of URLs in its core, so parse is the only operation.
 *
 * What it follows: no specification. Its manual says "This function is not meant to validate the
 * given URL, it only breaks it up into the parts listed below. Partial and invalid URLs are also
 * accepted, parse_url() tries its best to parse them correctly", and "This function may not give
 * correct results for relative or invalid URLs, and the results may not even match common
 * behavior of HTTP clients." Its documented behaviour: "Control characters (ASCII 0-31, 127) in
 * the components are replaced with underscores (_)"; the port is an int; components are not
 * decoded. So the claim is free text (the harness judges it by RFC 3986 with a warning).
 *
 * How the answers map onto the protocol's components:
 *   - false: {"valid":false}.
 *   - scheme, host, path, query, fragment: the array's values as they are; an absent key is
 *     undefined (null), except the path, which is "" when absent (RFC 3986 always has a path).
 *     The array keeps "?" and "#" with nothing after them as "" (defined and empty).
 *   - userinfo: "user", and ":" "pass" when "pass" is present (both raw).
 *   - port: the int as a decimal string: an empty port ("a:") is absent and leading zeros are
 *     lost ("080" is 80): blind spot port empty-is-undefined.
 *   - host_kind from the host's text.
 *   - Only the URI-reference rule is answered.
 */

require_once __DIR__ . '/../protocol.php';

function about(): array
{
    return [
        'protocol' => 2,
        'name' => 'php-parse-url',
        'language' => 'PHP',
        'library' => 'parse_url',
        'version' => PHP_VERSION,
        'spec' => 'none (PHP parse_url: "not meant to validate the given URL")',
        'operations' => ['parse'],
        'rules' => ['URI-reference'],
        'blind_spots' => [
            ['field' => 'port', 'how' => 'empty-is-undefined', 'reason' => 'parse_url returns the port as an int and leaves out an empty one'],
        ],
        // What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
        'reproduce' => [
            'language' => 'php',
            'parse' => '<?php
var_dump(parse_url({input}));',
        ],
    ];
}

function host_kind(?string $host): ?string
{
    if ($host === null) {
        return null;
    }
    if (strncasecmp($host, '[v', 2) === 0) {
        return 'ipvfuture';
    }
    if (strncmp($host, '[', 1) === 0) {
        return 'ipv6';
    }
    $octet = '(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
    if (preg_match("/\\A$octet\\.$octet\\.$octet\\.$octet\\z/", $host)) {
        return 'ipv4';
    }
    return 'reg-name';
}

function parse(string $input): array
{
    $parts = parse_url($input);
    if ($parts === false) {
        return ['valid' => false, 'error' => 'parse_url returned false'];
    }
    $userinfo = null;
    if (array_key_exists('user', $parts)) {
        $userinfo = $parts['user'] . (array_key_exists('pass', $parts) ? ':' . $parts['pass'] : '');
    } elseif (array_key_exists('pass', $parts)) {
        $userinfo = ':' . $parts['pass'];
    }
    $host = $parts['host'] ?? null;
    return [
        'valid' => true,
        'components' => [
            'scheme' => $parts['scheme'] ?? null,
            'userinfo' => $userinfo,
            'host' => $host,
            'port' => array_key_exists('port', $parts) ? (string) $parts['port'] : null,
            'path' => $parts['path'] ?? '',
            'query' => $parts['query'] ?? null,
            'fragment' => $parts['fragment'] ?? null,
        ],
        'host_kind' => host_kind($host),
    ];
}

function answer(array $request): array
{
    $op = $request['op'] ?? null;
    $input = $request['input'] ?? null;
    switch ($op) {
        case 'parse':
            if (!is_string($input)) {
                return ['error' => 'not a valid request: no input'];
            }
            return parse_refused($request) ?? parse($input);
        case 'resolve':
        case 'normalize':
        case 'iri-to-uri':
        case 'uri-to-iri':
            return ['unsupported' => true];
    }
    return ['error' => 'not a valid request: unknown op'];
}

serve('about', 'answer');
