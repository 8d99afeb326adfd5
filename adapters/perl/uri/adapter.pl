#!/usr/bin/perl
# An implementation adapter in Perl for uri-conformance: the URI module (CPAN's URI, Debian's
# liburi-perl), speaking protocol version 2 (see adapters/README.md): one JSON request a line on
# stdin, one answer a line on stdout with the request's "id" echoed, and an answer to
# {"op":"about"}.
#
#     adapters/perl/uri/setup        # apt-get install liburi-perl
#     uri-conformance diff --impl-cmd adapters/perl/uri/run 'http://a/b'
#
# The library: URI (https://metacpan.org/pod/URI). Its calls:
#   parse      URI->new($s), then ->scheme, ->authority, ->path, ->query, ->fragment (objects of
#              URI::_generic and its subclasses: http, ftp, relative references, unknown
#              schemes), or ->opaque, ->query and ->fragment (the others: mailto, urn, data ...)
#   resolve    URI->new_abs($ref, $base)->as_string (https://metacpan.org/pod/URI#$uri-%3Eabs(-$base_uri-))
#   normalize  URI->new($s)->canonical->as_string, for the level "scheme" only
#   serialize  URI->new($s)->as_string
#
# What it follows: its documentation says the objects "represent "Uniform Resource Identifier
# references" as specified in RFC 2396 (and updated by RFC 2732)": the claim is free text (the
# harness judges it by RFC 3986 with a warning). Its documented behaviour that departs from
# RFC 3986:
#   - URI->new never fails: "Leading and trailing white space are removed from the $str argument
#     before it is processed", a "<URL:...>" or "<...>" wrapper is dropped, and every character
#     that may not appear in a URI is percent-encoded (as UTF-8): "a b" is the path "a%20b". So
#     every input is valid, and components show the escaping.
#   - ->scheme is lowercased (->_scheme, which is not, is private).
#   - ->canonical: "The rules for normalization are scheme-dependent. They usually involve
#     lowercasing the scheme and Internet host name components, removing the explicit port
#     specification if it matches the default port, uppercasing all escape sequences, and
#     unescaping octets that can be better represented as plain characters." No dot-segment
#     removal, and the default port goes (RFC 3986 §6.2.3): answered at the level "scheme".
#   - ->abs keeps ".." segments above the root ("http://a/../g") unless
#     $URI::ABS_REMOTE_LEADING_DOTS is set, and reads "http:g" against an http base as
#     "http:g" unless $URI::ABS_ALLOW_RELATIVE_SCHEME is set: strict resolve uses the defaults,
#     non-strict resolve (RFC 3986 §5.2.2's "backwards compatibility") sets the latter.
#
# How the answers map onto the protocol's components:
#   - scheme: ->scheme (blind spot case-folded).
#   - userinfo, host, port: ->authority (raw; undef when there is no "//") split as the
#     library's own ->userinfo, ->host and ->_port do (URI/_server.pm): the user info is what
#     comes before the last "@", the port the digits after a final ":" (/:(\d*)$/), the host the
#     rest. The readers themselves are not used: ->host unescapes and ->port falls back to the
#     scheme's default port.
#   - path, query, fragment: ->path, ->query, ->fragment, raw (undef is undefined, "" empty).
#     For the classes outside URI::_generic, ->path is the whole opaque part: the query (when the
#     class reads one) is cut off its end; without a query reader (urn, data) it stays in the path.
#   - host_kind from the host's text.
#   - Only the URI-reference rule is answered.

use strict;
use warnings;
use JSON::PP ();
use URI ();

binmode STDIN;
binmode STDOUT;

my $json_in = JSON::PP->new->utf8(1)->allow_nonref(0)->max_depth(64);
my $json_out = JSON::PP->new->ascii(1)->allow_nonref(1);
my $true = JSON::PP::true();
my $false = JSON::PP::false();

my %RULES = map { $_ => 1 } qw(URI-reference URI absolute-URI relative-ref IRI-reference IRI absolute-IRI irelative-ref);

my $about = {
    protocol => 2,
    name => 'perl-uri',
    language => 'Perl',
    library => 'URI',
    version => "$URI::VERSION",
    spec => 'RFC 2396 with RFC 2732 (Perl URI)',
    operations => [qw(parse resolve normalize serialize)],
    rules => ['URI-reference'],
    blind_spots => [
        { field => 'scheme', how => 'case-folded', reason => 'URI->scheme is lowercased' },
    ],
    # What a report's "reproduce alone" program runs (docs/protocol.md, about.reproduce).
    reproduce => {
        language => 'perl',
        parse => 'use URI;
my $u = URI->new({input});
print join(\' \', map { defined $_ ? "[$_]" : \'undef\' } $u->scheme, $u->authority, $u->path, $u->query, $u->fragment), "\\n";',
        resolve => 'use URI;
print URI->new_abs({input}, {base})->as_string, "\\n";',
        normalize => 'use URI;
print URI->new({input})->canonical->as_string, "\\n";',
    },
};

sub host_kind {
    my ($host) = @_;
    return undef unless defined $host;
    # An IP literal is what URI::_server's ->host takes the brackets off: "$old =~
    # s{^\[(.*)\]$}{$1};  # remove brackets around IPv6 (RFC 3986 3.2.2)" (URI/_server.pm);
    # a host that only starts with "[" ("[", "[::]a") is left as written, a name.
    return 'ipvfuture' if $host =~ /\A\[[vV].*\]\z/s;
    return 'ipv6' if $host =~ /\A\[.*\]\z/s;
    my $octet = qr/(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])/;
    return 'ipv4' if $host =~ /\A$octet\.$octet\.$octet\.$octet\z/;
    return 'reg-name';
}

sub failure {
    my ($error) = @_;
    $error = "$error";
    $error =~ s/\s+\z//;
    # croak and die end with this file's path and line: where the adapter called the library,
    # not what the library said, and a folder of the machine that ran it.
    $error =~ s/ at \S+ line \d+\.\z//;
    return { valid => $false, error => $error };
}

sub parse {
    my ($input) = @_;
    my $uri = eval { URI->new($input) };
    return failure($@ || 'URI->new failed') unless defined $uri;
    my ($userinfo, $host, $port, $path, $query);
    if ($uri->isa('URI::_generic')) {
        my $authority = $uri->authority;
        if (defined $authority) {
            my $rest = $authority;
            if ($rest =~ s/\A(.*)@//s) {
                $userinfo = $1;
            }
            if ($rest =~ s/:([0-9]*)\z//) {
                $port = $1;
            }
            $host = $rest;
        }
        $path = $uri->path;
        $query = $uri->query;
    } else {
        $path = $uri->opaque;
        if ($uri->can('query')) {
            $query = $uri->query;
            substr($path, -(length($query) + 1)) = '' if defined $query;
        }
    }
    return {
        valid => $true,
        components => {
            scheme => $uri->scheme,
            userinfo => $userinfo,
            host => $host,
            port => $port,
            path => defined $path ? $path : '',
            query => $query,
            fragment => $uri->fragment,
        },
        host_kind => host_kind($host),
    };
}

sub resolve {
    my ($base, $input, $strict) = @_;
    local $URI::ABS_ALLOW_RELATIVE_SCHEME = $strict ? undef : 1;
    my $target = eval { URI->new_abs($input, $base)->as_string };
    return failure($@) unless defined $target;
    return { valid => $true, target => $target };
}

sub normalize {
    my ($input) = @_;
    my $normalized = eval { URI->new($input)->canonical->as_string };
    return failure($@) unless defined $normalized;
    return { valid => $true, normalized => $normalized };
}

sub serialize {
    my ($input) = @_;
    my $serialized = eval { URI->new($input)->as_string };
    return failure($@) unless defined $serialized;
    return { valid => $true, serialized => $serialized };
}

sub is_true { my ($v) = @_; return defined $v && ref $v && $v ? 1 : 0 }
sub is_false { my ($v) = @_; return defined $v && ref $v && !$v ? 1 : 0 }
sub is_string { my ($v) = @_; return defined $v && !ref $v }

sub answer {
    my ($request) = @_;
    my $op = $request->{op};
    $op = '' unless is_string($op);
    my $input = $request->{input};
    return $about if $op eq 'about';
    return { unsupported => $true } if is_true($request->{iri});
    if ($op eq 'parse' || $op eq 'resolve' || $op eq 'normalize' || $op eq 'serialize') {
        return { error => 'not a valid request: no input' } unless is_string($input);
    }
    if ($op eq 'parse') {
        my $rule = exists $request->{rule} ? $request->{rule} : 'URI-reference';
        return { error => 'not a valid request: unknown rule' } unless is_string($rule) && $RULES{$rule};
        return { unsupported => $true } if $rule ne 'URI-reference' || is_true($request->{zone_id});
        return parse($input);
    }
    if ($op eq 'resolve') {
        return { error => 'not a valid request: no base' } unless is_string($request->{base});
        return resolve($request->{base}, $input, !is_false($request->{strict}));
    }
    if ($op eq 'normalize') {
        my $level = exists $request->{level} ? $request->{level} : 'syntax';
        return { error => 'not a valid request: unknown level' }
            unless is_string($level) && ($level eq 'syntax' || $level eq 'scheme');
        return { unsupported => $true } unless $level eq 'scheme';
        return normalize($input);
    }
    return serialize($input) if $op eq 'serialize';
    return { unsupported => $true } if $op eq 'iri-to-uri' || $op eq 'uri-to-iri';
    return { error => 'not a valid request: unknown op' };
}

sub respond {
    my ($line) = @_;
    return undef if $line =~ /\A\s*\z/;
    my $request = eval { $json_in->decode($line) };
    my $response;
    if (!defined $request || ref $request ne 'HASH') {
        my $why = $@ ? "$@" : 'not an object';
        $why =~ s/\s+\z//;
        $request = undef;
        $response = { error => "not a valid request: $why" };
    } else {
        $response = eval { answer($request) };
        if (!defined $response) {
            my $why = "$@";
            $why =~ s/\s+\z//;
            $response = { error => "adapter failure: $why" };
        }
    }
    if (defined $request && exists $request->{id}) {
        $response = { %$response, id => $request->{id} };
    }
    my $text = eval { $json_out->encode($response) };
    $text = '{"error":"adapter failure: cannot encode the answer"}' unless defined $text;
    return $text;
}

my $buffer = '';
while (1) {
    my $read = sysread(STDIN, $buffer, 1 << 16, length $buffer);
    if (!defined $read) {
        next if $!{EINTR};
        last;
    }
    my $out = '';
    if ($read == 0) {
        if (length $buffer) {
            my $answer = respond($buffer);
            $out .= "$answer\n" if defined $answer;
        }
        syswrite(STDOUT, $out) if length $out;
        last;
    }
    while ((my $end = index($buffer, "\n")) >= 0) {
        my $line = substr($buffer, 0, $end + 1, '');
        chomp $line;
        my $answer = respond($line);
        $out .= "$answer\n" if defined $answer;
    }
    while (length $out) {
        my $written = syswrite(STDOUT, $out);
        exit 0 unless defined $written && $written > 0;
        substr($out, 0, $written, '');
    }
}
