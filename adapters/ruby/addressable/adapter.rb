# frozen_string_literal: true

# An implementation adapter in Ruby for uri-conformance: the addressable gem (Debian's ruby-
# addressable), speaking protocol version 2 (see adapters/README.md) through ../protocol.rb: one
# JSON request a line on stdin, one answer a line on stdout with the request's "id" echoed, and an
# answer to {"op":"about"}.
#
#     adapters/ruby/addressable/setup    # apt-get install ruby ruby-addressable
#     uri-conformance diff --impl-cmd adapters/ruby/addressable/run 'http://a/b'
#
# The library: Addressable::URI (https://www.rubydoc.info/gems/addressable/Addressable/URI). Its
# calls:
#   parse      Addressable::URI.parse(s), then #scheme, #userinfo, #host, #port, #path, #query,
#              #fragment (https://www.rubydoc.info/gems/addressable/Addressable/URI#parse-class_method)
#   resolve    Addressable::URI.parse(base).join(ref).to_s (#join: "Joins two URIs together",
#              RFC 3986 §5.2)
#   normalize  Addressable::URI.parse(s).normalize.to_s, answered for the level "scheme" only
#   serialize  Addressable::URI.parse(s).to_s
# Any exception (Addressable::URI::InvalidURIError, documented, or another) is
# {"valid":false,"error":"<class>: <message>"}.
#
# What it follows: its README says "Addressable closely conforms to RFC 3986, RFC 3987, and
# RFC 6570 (level 4)", so the claim is "RFC 3986". What it documents or shows as departures:
#   - parse is "heuristic"-tolerant by design: it splits with RFC 3986 Appendix B's regexp and
#     checks little afterwards, so characters outside the grammar (spaces, non-ASCII: IRIs of
#     RFC 3987, "<>" ...) are accepted; it refuses a non-numeric port, a relative path with an
#     authority, an absolute URI without an authority whose path starts with "//".
#   - the userinfo is split into #user and #password after String#strip (surrounding whitespace
#     is dropped);
#   - the port is an Integer: it is percent-decoded first ("%38%30" is port 80), "" and "0" are
#     reported as no port, and leading zeros are lost ("080" is 80).
#   - #normalize "does not attempt to fully conform to specifications" (its documentation): on top
#     of RFC 3986 §6.2.2 (case, percent-encoding, dot segments) it removes the scheme's default
#     port and sets an empty http path to "/" (§6.2.3), and converts non-ASCII hosts with IDNA.
#     So it is answered for the "scheme" level, and "syntax" (§6.2.2 alone) is unsupported.
#   - #join resolves against a relative base too (RFC 3986 §5.2 needs an absolute base); it is
#     strict only (non-strict resolve is unsupported).
#
# How the answers map onto the protocol's components:
#   - scheme, userinfo, host, path, query, fragment: the readers as they are (nil is undefined,
#     "" empty: the library keeps the difference for the host, the query and the fragment).
#   - port: #port as a decimal string: blind spots port empty-is-undefined, decoded and number.
#   - host_kind from the host's text (the library does not say).
#   - Only the URI-reference rule is answered.

require_relative '../protocol'
require 'addressable/uri'
require 'addressable/version'

ABOUT = {
  'protocol' => 2,
  'name' => 'ruby-addressable',
  'language' => 'Ruby',
  'library' => 'addressable',
  'version' => Addressable::VERSION::STRING,
  'spec' => 'RFC 3986',
  'operations' => %w[parse resolve normalize serialize],
  'rules' => ['URI-reference'],
  'blind_spots' => [
    { 'field' => 'port', 'how' => 'empty-is-undefined',
      'reason' => 'Addressable::URI#port is an Integer or nil: an empty port (and port 0) is nil' },
    { 'field' => 'port', 'how' => 'decoded',
      'reason' => 'Addressable::URI#port= percent-decodes the port before reading its digits' },
    { 'field' => 'port', 'how' => 'number',
      'reason' => 'Addressable::URI#port is an Integer: the leading zeros of the port are lost' }
  ],
  # What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
  'reproduce' => {
    'language' => 'ruby',
    'parse' => 'require \'addressable/uri\'
u = Addressable::URI.parse({input})
p [u.scheme, u.userinfo, u.host, u.port, u.path, u.query, u.fragment]',
    'resolve' => 'require \'addressable/uri\'
puts Addressable::URI.parse({base}).join({input}).to_s',
    'normalize' => 'require \'addressable/uri\'
puts Addressable::URI.parse({input}).normalize.to_s'
  }
}.freeze

def parse(input)
  uri = Addressable::URI.parse(input)
  {
    'valid' => true,
    'components' => {
      'scheme' => uri.scheme, 'userinfo' => uri.userinfo, 'host' => uri.host,
      'port' => uri.port&.to_s, 'path' => uri.path, 'query' => uri.query, 'fragment' => uri.fragment
    },
    'host_kind' => Protocol.host_kind(uri.host)
  }
end

def resolve(base, input)
  begin
    base_uri = Addressable::URI.parse(base)
  rescue StandardError => e
    return { 'valid' => false, 'error' => "base: #{Protocol.failure(e)}" }
  end
  { 'valid' => true, 'target' => base_uri.join(input).to_s }
end

def normalize(input)
  { 'valid' => true, 'normalized' => Addressable::URI.parse(input).normalize.to_s }
end

def serialize(input)
  { 'valid' => true, 'serialized' => Addressable::URI.parse(input).to_s }
end

Protocol.serve(
  ABOUT,
  'parse' => method(:parse), 'resolve' => method(:resolve), 'serialize' => method(:serialize),
  'normalize' => method(:normalize), 'normalize_levels' => %w[scheme]
)
