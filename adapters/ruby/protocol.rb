# frozen_string_literal: true

# The protocol loop every Ruby adapter of adapters/ruby/ runs (docs/protocol.md), as
# adapters/python/protocol.py is for Python: an adapter defines its ABOUT answer and the
# operations it does, and calls `Protocol.serve(ABOUT, operations)`.
#
# operations maps an operation to what answers it with the library: 'parse' => f(input),
# 'resolve' => f(base, input) (strict resolution; a non-strict one is answered unsupported),
# 'normalize' => f(input) with 'normalize_levels' => the levels it answers, 'serialize' =>
# f(input). An operation left out is answered unsupported. Only the URI-reference rule is asked
# of the library; IRI requests and zone identifiers are answered unsupported. Whatever the
# library raises is its refusal of the input: {"valid":false,"error":"<class>: <message>"}.
#
# The loop reads one request a line, writes exactly one answer a line with the request's "id"
# echoed (escaped to ASCII), answers a line it does not understand with {"error":...}, and
# flushes only when no more input is waiting, so that the harness can keep many requests in
# flight. Anything the library prints goes to stderr.

require 'json'

module Protocol
  RULES = %w[URI-reference URI absolute-URI relative-ref IRI-reference IRI absolute-IRI irelative-ref].freeze

  # The host kind of a host's text, for a library that does not say.
  def self.host_kind(host)
    return nil if host.nil?
    return 'ipvfuture' if host.start_with?('[v', '[V')
    return 'ipv6' if host.start_with?('[')
    octet = /(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)/
    return 'ipv4' if host.match?(/\A#{octet}\.#{octet}\.#{octet}\.#{octet}\z/)

    'reg-name'
  end

  def self.failure(error)
    "#{error.class}: #{error.message}"
  end

  # The library's answer; what it raises is its refusal of the input.
  def self.library
    yield
  rescue StandardError => e
    { 'valid' => false, 'error' => failure(e) }
  end

  def self.answer(about, operations, request)
    op = request['op']
    input = request['input']
    return about if op == 'about'
    return { 'unsupported' => true } if request['iri'] == true

    case op
    when 'parse'
      return { 'error' => 'not a valid request: no input' } unless input.is_a?(String)

      rule = request.fetch('rule', 'URI-reference')
      return { 'error' => 'not a valid request: unknown rule' } unless RULES.include?(rule)
      return { 'unsupported' => true } if rule != 'URI-reference' || request['zone_id'] == true

      library { operations['parse'].call(input) }
    when 'resolve'
      base = request['base']
      return { 'error' => 'not a valid request: no input or base' } unless input.is_a?(String) && base.is_a?(String)
      return { 'unsupported' => true } if request['strict'] == false

      library { operations['resolve'].call(base, input) }
    when 'normalize'
      return { 'unsupported' => true } unless operations.key?('normalize')
      return { 'error' => 'not a valid request: no input' } unless input.is_a?(String)

      level = request.fetch('level', 'syntax')
      return { 'error' => 'not a valid request: unknown level' } unless %w[syntax scheme].include?(level)
      return { 'unsupported' => true } unless operations['normalize_levels'].include?(level)

      library { operations['normalize'].call(input) }
    when 'iri-to-uri', 'uri-to-iri'
      { 'unsupported' => true }
    when 'serialize'
      return { 'error' => 'not a valid request: no input' } unless input.is_a?(String)

      library { operations['serialize'].call(input) }
    else
      { 'error' => "not a valid request: unknown op #{op.inspect}" }
    end
  end

  def self.respond(about, operations, line)
    return nil if line.strip.empty?

    request = nil
    response =
      begin
        text = line.dup.force_encoding(Encoding::UTF_8)
        raise JSON::ParserError, 'not UTF-8' unless text.valid_encoding?

        request = JSON.parse(text)
        raise JSON::ParserError, 'not an object' unless request.is_a?(Hash)

        answer(about, operations, request)
      rescue JSON::ParserError => e
        { 'error' => "not a valid request: #{e.message[0, 200]}" }
      rescue StandardError => e
        { 'error' => "adapter failure: #{failure(e)}" }
      end
    response = { 'id' => request['id'] }.merge(response) if request.is_a?(Hash) && request.key?('id')
    begin
      JSON.generate(response, ascii_only: true)
    rescue StandardError
      # A string the library returned that is not valid UTF-8 (a lone surrogate in the input).
      fallback = { 'error' => 'adapter failure: the answer is not valid UTF-8' }
      fallback = { 'id' => request['id'] }.merge(fallback) if request.is_a?(Hash) && request.key?('id')
      JSON.generate(fallback)
    end
  end

  # Answers every request of standard input on standard output, until its end.
  def self.serve(about, operations)
    $stdin.binmode
    $stdout.binmode
    $stdout.sync = false
    out = $stdout
    $stdout = $stderr # anything the library prints goes to stderr
    while (line = $stdin.gets)
      answer_line = respond(about, operations, line)
      out.write(answer_line, "\n") if answer_line
      out.flush if IO.select([$stdin], nil, nil, 0).nil?
    end
    out.flush
  end
end
