<?php
/*
 * An implementation adapter in PHP for uri-conformance: guzzlehttp/psr7's Uri, UriResolver and
 * UriNormalizer (Debian's php-guzzlehttp-psr7), speaking protocol version 2 (see
 * adapters/README.md): one JSON request a line on stdin, one answer a line on stdout with the
 * request's "id" echoed, and an answer to {"op":"about"}.
 *
 *     adapters/php/guzzle-psr7/setup    # apt-get install php-cli php-guzzlehttp-psr7
 *     uri-conformance diff --impl-cmd adapters/php/guzzle-psr7/run 'http://a/b'
 *
 * The library: GuzzleHttp\Psr7\Uri (https://github.com/guzzle/psr7#guzzlehttppsr7uri), which
 * implements PSR-7's Psr\Http\Message\UriInterface (https://www.php-fig.org/psr/psr-7/). Its calls:
 *   parse      new Uri($s), then getScheme(), getUserInfo(), getHost(), getPort(), getPath(),
 *              getQuery(), getFragment()
 *   resolve    (string) UriResolver::resolve(new Uri($base), new Uri($ref)) (RFC 3986 §5.2,
 *              https://github.com/guzzle/psr7#guzzlehttppsr7uriresolverresolve)
 *   normalize  (string) UriNormalizer::normalize(new Uri($s), $flags)
 *              (https://github.com/guzzle/psr7#guzzlehttppsr7urinormalizernormalize): level
 *              "syntax" with CAPITALIZE_PERCENT_ENCODING | DECODE_UNRESERVED_CHARACTERS |
 *              REMOVE_DOT_SEGMENTS (RFC 3986 §6.2.2; the scheme and host are lowercased by Uri
 *              itself), level "scheme" with PRESERVING_NORMALIZATIONS (those and
 *              CONVERT_EMPTY_PATH, REMOVE_DEFAULT_HOST, REMOVE_DEFAULT_PORT: §6.2.3)
 *   serialize  (string) new Uri($s)
 * Any exception (MalformedUriException, documented, or another) is {"valid":false,...}.
 *
 * What it follows: PSR-7's UriInterface is "meant to represent URIs according to RFC 3986", so
 * the claim is "RFC 3986". Its documented departures:
 *   - PSR-7: the scheme and the host are lowercased; getPort() is null for the scheme's standard
 *     port ("If the port is the standard port used with the current scheme, this method SHOULD
 *     return null"); an absent user info, host, query or fragment is "" (no undefined value);
 *     components are returned percent-encoded, with characters that may not appear in them
 *     encoded ("the value returned MUST be percent-encoded, but MUST NOT double-encode").
 *   - Uri parses with PHP's parse_url (after percent-encoding every run of characters other than
 *     ":/@?&=#", decoded again afterwards), so it accepts what parse_url accepts and refuses what
 *     it refuses ("Unable to parse URI"), and takes a port above 65535 as invalid.
 *   - Uri::withHost() and the other modifiers fill an empty http(s) host with "localhost".
 *
 * How the answers map onto the protocol's components:
 *   - the getters' values; "" is answered as null for the user info, host, query and fragment
 *     (blind spots empty-is-undefined) and for the scheme (the grammar has no empty scheme);
 *     the port's int as a decimal string (blind spots port empty-is-undefined, number and
 *     default-port-dropped: the standard port of http, https and ftp is reported null; Uri's
 *     table has eight more schemes, whose standard port the comparison shows);
 *   - scheme and host are lowercased: blind spots case-folded;
 *   - Uri does not say what kind a host is: host_kind is hidden (null).
 *   - Only the URI-reference rule is answered; resolve is strict only.
 */

use GuzzleHttp\Psr7\Uri;
use GuzzleHttp\Psr7\UriNormalizer;
use GuzzleHttp\Psr7\UriResolver;

require_once 'GuzzleHttp/Psr7/autoload.php';

require_once __DIR__ . '/../protocol.php';

function library_version(): string
{
    // Debian's package carries no version constant: the package manager knows it.
    $version = @shell_exec("dpkg-query -W -f='\${Version}' php-guzzlehttp-psr7 2>/dev/null");
    return is_string($version) && $version !== '' ? trim($version) : 'unknown';
}

function about(): array
{
    static $about = null;
    if ($about === null) {
        $about = [
            'protocol' => 2,
            'name' => 'php-guzzle-psr7',
            'language' => 'PHP',
            'library' => 'guzzlehttp/psr7',
            'version' => library_version(),
            'spec' => 'RFC 3986',
            'operations' => ['parse', 'resolve', 'normalize', 'serialize'],
            'rules' => ['URI-reference'],
            'blind_spots' => [
                ['field' => 'scheme', 'how' => 'case-folded', 'reason' => 'Uri lowercases the scheme (PSR-7)'],
                ['field' => 'userinfo', 'how' => 'empty-is-undefined', 'reason' => 'getUserInfo() is "" when there is none (PSR-7)'],
                ['field' => 'host', 'how' => 'case-folded', 'reason' => 'Uri lowercases the host (PSR-7)'],
                ['field' => 'host', 'how' => 'empty-is-undefined', 'reason' => 'getHost() is "" when there is none (PSR-7)'],
                ['field' => 'port', 'how' => 'empty-is-undefined', 'reason' => 'getPort() is an int or null'],
                ['field' => 'port', 'how' => 'number', 'reason' => 'getPort() is an int: "080" is 80 (PSR-7)'],
                ['field' => 'port', 'how' => 'default-port-dropped', 'reason' => 'getPort() is null for the standard port of the scheme (PSR-7: "If the port is the standard port used with the current scheme, this method SHOULD return null")'],
                ['field' => 'query', 'how' => 'empty-is-undefined', 'reason' => 'getQuery() is "" when there is none (PSR-7)'],
                ['field' => 'fragment', 'how' => 'empty-is-undefined', 'reason' => 'getFragment() is "" when there is none (PSR-7)'],
                ['field' => 'host_kind', 'how' => 'hidden', 'reason' => 'Uri does not say whether a host is a reg-name or an IP address'],
            ],
            // What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
            'reproduce' => [
                'language' => 'php',
                'parse' => '<?php
require \'vendor/autoload.php\';
$u = new GuzzleHttp\\Psr7\\Uri({input});
var_dump($u->getScheme(), $u->getUserInfo(), $u->getHost(), $u->getPort(), $u->getPath(), $u->getQuery(), $u->getFragment());',
                'resolve' => '<?php
require \'vendor/autoload.php\';
echo GuzzleHttp\\Psr7\\UriResolver::resolve(new GuzzleHttp\\Psr7\\Uri({base}), new GuzzleHttp\\Psr7\\Uri({input})), "\\n";',
                'normalize' => '<?php
require \'vendor/autoload.php\';
echo GuzzleHttp\\Psr7\\UriNormalizer::normalize(new GuzzleHttp\\Psr7\\Uri({input})), "\\n";',
            ],
        ];
    }
    return $about;
}

function failure(Throwable $e): array
{
    return ['valid' => false, 'error' => get_class($e) . ': ' . $e->getMessage()];
}

function nonempty(string $value): ?string
{
    return $value === '' ? null : $value;
}

function parse(string $input): array
{
    try {
        $uri = new Uri($input);
    } catch (Throwable $e) {
        return failure($e);
    }
    $host = nonempty($uri->getHost());
    return [
        'valid' => true,
        'components' => [
            'scheme' => nonempty($uri->getScheme()),
            'userinfo' => nonempty($uri->getUserInfo()),
            'host' => $host,
            'port' => $uri->getPort() === null ? null : (string) $uri->getPort(),
            'path' => $uri->getPath(),
            'query' => nonempty($uri->getQuery()),
            'fragment' => nonempty($uri->getFragment()),
        ],
        'host_kind' => null,
    ];
}

function resolve(string $base, string $input): array
{
    try {
        $baseUri = new Uri($base);
    } catch (Throwable $e) {
        $answer = failure($e);
        $answer['error'] = 'base: ' . $answer['error'];
        return $answer;
    }
    try {
        return ['valid' => true, 'target' => (string) UriResolver::resolve($baseUri, new Uri($input))];
    } catch (Throwable $e) {
        return failure($e);
    }
}

function normalize(string $input, string $level): array
{
    $flags = UriNormalizer::CAPITALIZE_PERCENT_ENCODING | UriNormalizer::DECODE_UNRESERVED_CHARACTERS
        | UriNormalizer::REMOVE_DOT_SEGMENTS;
    if ($level === 'scheme') {
        $flags = UriNormalizer::PRESERVING_NORMALIZATIONS;
    }
    try {
        return ['valid' => true, 'normalized' => (string) UriNormalizer::normalize(new Uri($input), $flags)];
    } catch (Throwable $e) {
        return failure($e);
    }
}

function serialize_uri(string $input): array
{
    try {
        return ['valid' => true, 'serialized' => (string) new Uri($input)];
    } catch (Throwable $e) {
        return failure($e);
    }
}

function answer(array $request): array
{
    $op = $request['op'] ?? null;
    $input = $request['input'] ?? null;
    if (in_array($op, ['parse', 'resolve', 'normalize', 'serialize'], true) && !is_string($input)) {
        return ['error' => 'not a valid request: no input'];
    }
    switch ($op) {
        case 'parse':
            return parse_refused($request) ?? parse($input);
        case 'resolve':
            if (!is_string($request['base'] ?? null)) {
                return ['error' => 'not a valid request: no base'];
            }
            if (($request['strict'] ?? true) === false) {
                return ['unsupported' => true];
            }
            return resolve($request['base'], $input);
        case 'normalize':
            $level = $request['level'] ?? 'syntax';
            if ($level !== 'syntax' && $level !== 'scheme') {
                return ['error' => 'not a valid request: unknown level'];
            }
            return normalize($input, $level);
        case 'serialize':
            return serialize_uri($input);
        case 'iri-to-uri':
        case 'uri-to-iri':
            return ['unsupported' => true];
    }
    return ['error' => 'not a valid request: unknown op'];
}

serve('about', 'answer');
