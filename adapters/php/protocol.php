<?php
/*
 * The protocol loop both PHP adapters of adapters/php/ run (docs/protocol.md), as
 * adapters/python/protocol.py is for Python: an adapter defines about(): array and
 * answer(array $request): array for a decoded request, and calls `serve('about', 'answer')` after
 * requiring this file. An "about" request is answered with about(), and an IRI request (one with
 * "iri": true) unsupported, before answer() is asked.
 *
 * The loop reads one request a line, writes exactly one answer a line with the request's "id"
 * echoed, answers a line it does not understand with {"error":...} (and an exception the adapter
 * lets through with {"error":"adapter failure: ..."}), and flushes only when no more input is
 * waiting, so that the harness can keep many requests in flight.
 */

const RULES = ['URI-reference', 'URI', 'absolute-URI', 'relative-ref', 'IRI-reference', 'IRI', 'absolute-IRI', 'irelative-ref'];

/*
 * The answer to a parse request that is not one by URI-reference, the one rule the adapters
 * answer: an error for a rule the protocol does not know, unsupported for another rule or a zone
 * identifier; null for a request the adapter answers itself.
 */
function parse_refused(array $request): ?array
{
    $rule = $request['rule'] ?? 'URI-reference';
    if (!in_array($rule, RULES, true)) {
        return ['error' => 'not a valid request: unknown rule'];
    }
    if ($rule !== 'URI-reference' || ($request['zone_id'] ?? false) === true) {
        return ['unsupported' => true];
    }
    return null;
}

/* The answer to a decoded request. */
function answer_request(callable $about, callable $answer, array $request): array
{
    if (($request['op'] ?? null) === 'about') {
        return $about();
    }
    if (($request['iri'] ?? false) === true) {
        return ['unsupported' => true];
    }
    return $answer($request);
}

function respond(callable $about, callable $answer, string $line): ?string
{
    if (trim($line) === '') {
        return null;
    }
    $request = null;
    try {
        if (preg_match('//u', $line) !== 1) {
            $response = ['error' => 'not a valid request: not UTF-8'];
        } else {
            $request = json_decode($line, true, 64);
            if (!is_array($request) || array_is_list($request) && $request !== []) {
                $request = null;
                $response = ['error' => 'not a valid request: ' . (json_last_error() ? json_last_error_msg() : 'not an object')];
            } else {
                $response = answer_request($about, $answer, $request);
            }
        }
    } catch (Throwable $e) {
        $response = ['error' => 'adapter failure: ' . get_class($e) . ': ' . $e->getMessage()];
    }
    if (is_array($request) && array_key_exists('id', $request)) {
        $response = ['id' => $request['id']] + $response;
    }
    return json_encode($response, JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE | JSON_PRESERVE_ZERO_FRACTION);
}

/* Answers every request of standard input with $about and $answer, until its end. */
function serve(callable $about, callable $answer): void
{
    $out = '';
    while (($line = fgets(STDIN)) !== false) {
        $response = respond($about, $answer, $line);
        if ($response !== null) {
            $out .= $response . "\n";
        }
        $read = [STDIN];
        $write = $except = null;
        if (@stream_select($read, $write, $except, 0) !== 1) {
            fwrite(STDOUT, $out);
            fflush(STDOUT);
            $out = '';
        }
    }
    fwrite(STDOUT, $out);
    fflush(STDOUT);
}
