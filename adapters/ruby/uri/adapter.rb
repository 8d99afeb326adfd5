# frozen_string_literal: true

# An implementation adapter in Ruby for uri-conformance: Ruby's standard library URI (the uri gem
# bundled with Ruby), speaking protocol version 2 (see adapters/README.md) through ../protocol.rb:
# one JSON request a line on stdin, one answer a line on stdout with the request's "id" echoed, and
# an answer to {"op":"about"}.
#
#     adapters/ruby/uri/setup        # apt-get install ruby
#     uri-conformance diff --impl-cmd adapters/ruby/uri/run 'http://a/b'
#
# The library: URI (https://docs.ruby-lang.org/en/3.1/URI.html). URI.parse, URI.split and
# URI.join use URI::RFC3986_Parser (uri/rfc3986_parser.rb, a regexp transcribing RFC 3986's
# Appendix A), not URI::DEFAULT_PARSER (RFC2396_Parser). Its calls:
#   parse      URI.parse(s) (https://docs.ruby-lang.org/en/3.1/URI.html#method-c-parse) decides
#              validity (it raises URI::InvalidURIError, or a scheme class's InvalidComponentError);
#              the components are those of URI.split(s)
#              (https://docs.ruby-lang.org/en/3.1/URI.html#method-c-split), the raw strings
#              URI.parse builds its object from: "Scheme, Userinfo, Host, Port, Registry, Path,
#              Opaque, Query, Fragment". The object's own readers are not used because they
#              add what is not in the text: #scheme is lowercased and #port is the scheme's
#              default port when none was written (URI("http://a").port == 80).
#   resolve    URI.join(base, ref).to_s (https://docs.ruby-lang.org/en/3.1/URI.html#method-c-join),
#              which is URI.parse(base).merge(ref) (URI::Generic#merge, RFC 3986 §5.2)
#   serialize  URI.parse(s).to_s
#
# What it follows: the module's documentation says "URI is a module providing classes to handle
# Uniform Resource Identifiers (RFC2396)", while the parser that URI.parse uses is named and
# written after RFC 3986 (the default since Ruby 2.2), and URI::Generic#merge follows "RFC2396,
# Section 5.2" (its comments). The documented claim is RFC 2396, so the claim is free text (the
# harness judges it by RFC 3986 with a warning). The parser's departures from RFC 3986, from its
# source (uri/rfc3986_parser.rb; none is written in the documentation):
#   - "this regexp is modified not to host is not empty string": an empty host ("http://",
#     "file:///a") is reported as no host (nil);
#   - a path-rootless URI ("a:b?c") is reported as opaque, with the query folded into it;
#   - the query is "[^#]*": any character but "#" is accepted in it (spaces, "<", "%" alone);
#   - non-ASCII input is refused before parsing ("URI must be ascii only");
#   - #merge (RFC 2396 §5.2) removes no dot segments from a reference with an authority or a
#     scheme, nor from the base's path before merging.
#
# How the answers map onto the protocol's components:
#   - scheme, userinfo, host, port, query, fragment: URI.split's strings as they are (nil is
#     undefined); the port is its text ("" for "http://a:/").
#   - path: URI.split's path, or its opaque part for an opaque URI (query then null: the library
#     keeps it inside the opaque part).
#   - an empty host is reported as nil: blind spot host empty-is-undefined.
#   - host_kind from the host's text (the regexp's group names are not returned).
#   - Only the URI-reference rule is answered. normalize is unsupported: URI::Generic#normalize
#     only lowercases the scheme and host and sets an empty path to "/", not RFC 3986 §6.2.2's
#     percent-encoding and dot-segment normalization. resolve is strict only.

require_relative '../protocol'
require 'uri'

ABOUT = {
  'protocol' => 2,
  'name' => 'ruby-uri',
  'language' => 'Ruby',
  'library' => 'uri',
  'version' => "#{URI::VERSION} (ruby #{RUBY_VERSION})",
  'spec' => 'RFC 2396 (Ruby URI; URI.parse uses its RFC3986_Parser)',
  'operations' => %w[parse resolve serialize],
  'rules' => ['URI-reference'],
  'blind_spots' => [
    { 'field' => 'host', 'how' => 'empty-is-undefined',
      'reason' => 'the RFC 3986 parser reports an empty host (http://, file:///a) as nil' }
  ],
  # What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
  'reproduce' => {
    'language' => 'ruby',
    'parse' => 'require \'uri\'
u = URI.parse({input})
p u
p URI.split({input})',
    'resolve' => 'require \'uri\'
puts URI.join({base}, {input}).to_s'
  }
}.freeze

def parse(input)
  URI.parse(input)
  scheme, userinfo, host, port, registry, path, opaque, query, fragment = URI.split(input)
  host = registry if host.nil? && registry
  {
    'valid' => true,
    'components' => {
      'scheme' => scheme, 'userinfo' => userinfo, 'host' => host, 'port' => port,
      'path' => opaque || path || '', 'query' => opaque ? nil : query, 'fragment' => fragment
    },
    'host_kind' => Protocol.host_kind(host)
  }
end

def resolve(base, input)
  begin
    URI.parse(base)
  rescue StandardError => e
    return { 'valid' => false, 'error' => "base: #{Protocol.failure(e)}" }
  end
  { 'valid' => true, 'target' => URI.join(base, input).to_s }
end

def serialize(input)
  { 'valid' => true, 'serialized' => URI.parse(input).to_s }
end

Protocol.serve(
  ABOUT,
  'parse' => method(:parse), 'resolve' => method(:resolve), 'serialize' => method(:serialize)
)
