%% An implementation adapter in Erlang for uri-conformance: the uri_string module of Erlang/OTP's
%% standard library (https://www.erlang.org/doc/man/uri_string.html), speaking protocol version
%% 2 (see adapters/README.md): one JSON request a line on stdin, one answer a line on stdout with
%% the request's "id" echoed, and an answer to {"op":"about"}.
%%
%%     adapters/erlang/uri-string/setup     # apt-get install erlang-base; erlc into .build/
%%     uri-conformance diff --impl-cmd adapters/erlang/uri-string/run 'http://a/b'
%%
%% The calls used:
%%   parse      uri_string:parse/1 on the input as a UTF-8 binary. It returns a map whose absent
%%              keys are undefined components (a "?" with nothing after it is query => <<>>), or
%%              {error, Reason, Term}. It parses the URI-reference rule only (a relative
%%              reference or a URI), so the other three rules are answered unsupported.
%%   resolve    uri_string:resolve/2 (RFC 3986 section 5.2, the strict algorithm only).
%%   normalize  uri_string:normalize/1: its documentation says it does "Case Normalization,
%%              Percent-Encoding Normalization, Path Segment Normalization and Scheme-Based
%%              Normalization for HTTP(S) with basic support for FTP, SSH, SFTP and TFTP", that
%%              is section 6.2.2 and 6.2.3 together, so it answers the "scheme" level and the
%%              "syntax" level is unsupported (it has no call without 6.2.3).
%%   serialize  uri_string:recompose/1 of what uri_string:parse/1 returned.
%%
%% The documentation claims RFC 3986 ("A URI is an identifier consisting of a sequence of
%% characters matching the syntax rule named URI in RFC 3986"). What the library reports
%% differently, and how the adapter maps it:
%%   - port is an integer, or undefined both when there is no port and when it is empty
%%     ("http://a:/"): blind spot empty-is-undefined. Leading zeros are lost ("080" is 80); the
%%     adapter writes the integer in decimal: blind spot number.
%%   - host: an IP-literal comes without its brackets ("http://[::1]/" gives <<"::1">>); a host
%%     with a ":" can only be an IP-literal, so the adapter puts the brackets back. uri_string
%%     refuses IPvFuture literals.
%%   - host_kind is not reported at all (blind spot hidden).
%%   - the other components are the exact substrings of the input.
%% Every exception is caught and answered {"valid":false,"error":...}.
%%
%% JSON: OTP 25 has no json module, so a small decoder and encoder are below (UTF-8 in and out,
%% \u escapes with surrogate pairs; a lone surrogate becomes U+FFFD).

-module(adapter).
-export([main/0]).

-define(NAME, <<"erlang-uri-string">>).

main() ->
    %% Nothing but answers may reach stdout: the logger writes to standard_io, so it goes.
    _ = logger:remove_handler(default),
    Port = open_port({fd, 0, 1}, [binary, {line, 1 bsl 20}, eof]),
    loop(Port, [], []).

loop(Port, Partial, Out) ->
    receive
        {Port, {data, {noeol, Chunk}}} ->
            next(Port, [Partial, Chunk], Out);
        {Port, {data, {eol, Chunk}}} ->
            Line = iolist_to_binary([Partial, Chunk]),
            Answer = answer_line(Line),
            next(Port, [], [Out, Answer]);
        {Port, eof} ->
            Last = case iolist_size(Partial) of
                       0 -> [];
                       _ -> answer_line(iolist_to_binary(Partial))
                   end,
            write(Port, [Out, Last]),
            erlang:halt(0)
    end.

%% Writes what has been answered when nothing more is waiting.
next(Port, Partial, Out) ->
    case erlang:process_info(self(), message_queue_len) of
        {message_queue_len, 0} -> write(Port, Out), loop(Port, Partial, []);
        _ -> loop(Port, Partial, Out)
    end.

write(Port, Out) ->
    case iolist_size(Out) of
        0 -> ok;
        _ -> port_command(Port, Out)
    end.

answer_line(Line) ->
    case is_blank(Line) of
        true -> [];
        false ->
            {Id, Fields} = try utf8_request(Line) of
                               {ok, Map} ->
                                   I = maps:get(<<"id">>, Map, undefined),
                                   {I, safe(fun() -> answer(Map) end)};
                               error -> {undefined, [{<<"error">>, {s, <<"not a valid request: not UTF-8 JSON">>}}]}
                           catch _:_ -> {undefined, [{<<"error">>, {s, <<"not a valid request: not JSON">>}}]}
                           end,
            IdField = case Id of
                          undefined -> [];
                          {s, _} -> [{<<"id">>, Id}];
                          {num, _} -> [{<<"id">>, Id}];
                          _ -> []
                      end,
            [encode({obj, IdField ++ Fields}), $\n]
    end.

is_blank(<<>>) -> true;
is_blank(<<C, Rest/binary>>) when C =:= $\s; C =:= $\t; C =:= $\r -> is_blank(Rest);
is_blank(_) -> false.

safe(F) ->
    try F()
    catch Class:Reason -> [{<<"valid">>, false}, {<<"error">>, {s, text(io_lib:format("~p: ~0tp", [Class, Reason]))}}]
    end.

%% ---- the operations ------------------------------------------------------------------------

str(Map, Key) ->
    case maps:get(Key, Map, undefined) of
        {s, S} -> S;
        _ -> undefined
    end.

bool(Map, Key, Default) ->
    case maps:get(Key, Map, undefined) of
        true -> true;
        false -> false;
        _ -> Default
    end.

unknown(Why) -> [{<<"error">>, {s, <<"not a valid request: ", Why/binary>>}}].

unsupported() -> [{<<"unsupported">>, true}].

answer(Map) ->
    Op = str(Map, <<"op">>),
    Input = str(Map, <<"input">>),
    Iri = bool(Map, <<"iri">>, false),
    case Op of
        <<"about">> -> about();
        <<"parse">> when Input =/= undefined ->
            case maps:get(<<"rule">>, Map, undefined) of
                undefined -> parse(Input, Map);
                {s, <<"URI-reference">>} -> parse(Input, Map);
                {s, R} when R =:= <<"URI">>; R =:= <<"absolute-URI">>; R =:= <<"relative-ref">> -> unsupported();
                _ -> unknown(<<"unknown rule">>)
            end;
        <<"resolve">> when Input =/= undefined, not Iri ->
            case str(Map, <<"base">>) of
                undefined -> unknown(<<"resolve without a base">>);
                Base ->
                    case bool(Map, <<"strict">>, true) of
                        true -> resolve(Base, Input);
                        false -> unsupported()
                    end
            end;
        <<"normalize">> when Input =/= undefined, not Iri ->
            case maps:get(<<"level">>, Map, undefined) of
                {s, <<"scheme">>} -> normalize(Input);
                undefined -> unsupported();
                {s, <<"syntax">>} -> unsupported();
                _ -> unknown(<<"unknown level">>)
            end;
        <<"serialize">> when Input =/= undefined -> serialize(Input);
        _ -> unknown(<<"unknown op or missing field">>)
    end.

about() ->
    [{<<"protocol">>, {num, <<"2">>}},
     {<<"name">>, {s, ?NAME}},
     {<<"language">>, {s, <<"Erlang">>}},
     {<<"library">>, {s, <<"uri_string">>}},
     {<<"version">>, {s, version()}},
     {<<"spec">>, {s, <<"RFC 3986">>}},
     {<<"operations">>, {list, [{s, <<"parse">>}, {s, <<"resolve">>}, {s, <<"normalize">>}, {s, <<"serialize">>}]}},
     {<<"rules">>, {list, [{s, <<"URI-reference">>}]}},
     {<<"blind_spots">>, {list, [
        {obj, [{<<"field">>, {s, <<"port">>}}, {<<"how">>, {s, <<"empty-is-undefined">>}},
               {<<"reason">>, {s, <<"uri_string:parse/1 returns the port as an integer, and no port key for an empty port">>}}]},
        {obj, [{<<"field">>, {s, <<"port">>}}, {<<"how">>, {s, <<"number">>}},
               {<<"reason">>, {s, <<"uri_string:parse/1 returns the port as an integer: its leading zeros are gone (\"080\" is 80)">>}}]},
        {obj, [{<<"field">>, {s, <<"host_kind">>}}, {<<"how">>, {s, <<"hidden">>}},
               {<<"reason">>, {s, <<"uri_string:parse/1 returns the host as text, without its kind">>}}]}]}},
     %% The programs a report shows under "Reproduce with ... alone", against uri_string only
     %% (docs/protocol.md, about.reproduce); each placeholder becomes an Erlang string literal.
     {<<"reproduce">>, {obj, [
          {<<"language">>, {s, <<"erlang">>}},
          {<<"parse">>, {s, <<
           "%% escript prog.erl\n"
           "main(_) ->\n"
           "    io:setopts([{encoding, unicode}]),\n"
           "    io:format(\"~tp~n\", [uri_string:parse(<<{input}/utf8>>)]).\n">>}},
          {<<"resolve">>, {s, <<
           "%% escript prog.erl\n"
           "main(_) ->\n"
           "    io:setopts([{encoding, unicode}]),\n"
           "    io:format(\"~tp~n\", [uri_string:resolve(<<{input}/utf8>>, <<{base}/utf8>>)]).\n">>}},
          {<<"normalize">>, {s, <<
           "%% escript prog.erl\n"
           "main(_) ->\n"
           "    io:setopts([{encoding, unicode}]),\n"
           "    io:format(\"~tp~n\", [uri_string:normalize(<<{input}/utf8>>)]).\n">>}}]}}].

version() ->
    Release = erlang:system_info(otp_release),
    File = filename:join([code:root_dir(), "releases", Release, "OTP_VERSION"]),
    Otp = case file:read_file(File) of
              {ok, V} -> string:trim(V);
              _ -> list_to_binary(Release)
          end,
    _ = application:load(stdlib),
    Stdlib = case application:get_key(stdlib, vsn) of
                 {ok, S} -> list_to_binary(S);
                 _ -> <<"?">>
             end,
    <<"OTP ", Otp/binary, " (stdlib ", Stdlib/binary, ")">>.

failure(Error) ->
    [{<<"valid">>, false}, {<<"error">>, {s, error_text(Error)}}].

error_text({error, Reason, Term}) ->
    text(io_lib:format("~0tp: ~0tp", [Reason, Term]));
error_text(Other) ->
    text(io_lib:format("~0tp", [Other])).

text(Chars) ->
    case catch unicode:characters_to_binary(Chars) of
        B when is_binary(B) -> B;
        _ -> <<"(unprintable error)">>
    end.

opt(undefined) -> null;
opt(B) when is_binary(B) -> {s, B};
opt(L) when is_list(L) -> {s, text(L)}.

parse(Input, Map) ->
    case bool(Map, <<"zone_id">>, false) of
        true -> unsupported();
        false ->
            case uri_string:parse(Input) of
                U when is_map(U) ->
                    Host = case maps:get(host, U, undefined) of
                               undefined -> undefined;
                               H -> bracketed(H)
                           end,
                    Port = case maps:get(port, U, undefined) of
                               undefined -> undefined;
                               P when is_integer(P) -> integer_to_binary(P)
                           end,
                    Components = [{<<"scheme">>, opt(maps:get(scheme, U, undefined))},
                                  {<<"userinfo">>, opt(maps:get(userinfo, U, undefined))},
                                  {<<"host">>, opt(Host)},
                                  {<<"port">>, opt(Port)},
                                  {<<"path">>, opt(maps:get(path, U, <<>>))},
                                  {<<"query">>, opt(maps:get(query, U, undefined))},
                                  {<<"fragment">>, opt(maps:get(fragment, U, undefined))}],
                    [{<<"valid">>, true}, {<<"components">>, {obj, Components}}, {<<"host_kind">>, null}];
                Error -> failure(Error)
            end
    end.

%% uri_string strips the brackets of an IP-literal; only an IP-literal holds a ":".
bracketed(Host) when is_binary(Host) ->
    case binary:match(Host, <<":">>) of
        nomatch -> Host;
        _ -> <<"[", Host/binary, "]">>
    end.

resolve(Base, Input) ->
    case uri_string:resolve(Input, Base) of
        T when is_binary(T) -> [{<<"valid">>, true}, {<<"target">>, {s, T}}];
        T when is_list(T) -> [{<<"valid">>, true}, {<<"target">>, {s, text(T)}}];
        Error -> failure(Error)
    end.

normalize(Input) ->
    case uri_string:normalize(Input) of
        T when is_binary(T) -> [{<<"valid">>, true}, {<<"normalized">>, {s, T}}];
        T when is_list(T) -> [{<<"valid">>, true}, {<<"normalized">>, {s, text(T)}}];
        Error -> failure(Error)
    end.

serialize(Input) ->
    case uri_string:parse(Input) of
        U when is_map(U) ->
            case uri_string:recompose(U) of
                T when is_binary(T) -> [{<<"valid">>, true}, {<<"serialized">>, {s, T}}];
                T when is_list(T) -> [{<<"valid">>, true}, {<<"serialized">>, {s, text(T)}}];
                Error -> failure(Error)
            end;
        Error -> failure(Error)
    end.

%% ---- JSON ----------------------------------------------------------------------------------
%% Values: {s, Utf8Binary}, {num, RawText}, true, false, null, {list, [V]}, {obj, [{Key, V}]};
%% a decoded object is a map from key to value (the last one wins).

utf8_request(Line) ->
    case unicode:characters_to_binary(Line) of
        B when is_binary(B) -> decode_request(Line);
        _ -> error
    end.

decode_request(Line) ->
    case value(ws(Line)) of
        {{objmap, Map}, Rest} ->
            case ws(Rest) of
                <<>> -> {ok, Map};
                _ -> error
            end;
        _ -> error
    end.

ws(<<C, Rest/binary>>) when C =:= $\s; C =:= $\t; C =:= $\r; C =:= $\n -> ws(Rest);
ws(B) -> B.

value(<<${, Rest/binary>>) -> object(ws(Rest), #{});
value(<<$[, Rest/binary>>) -> array(ws(Rest), []);
value(<<$", Rest/binary>>) -> {S, R} = string(Rest, []), {{s, S}, R};
value(<<"true", Rest/binary>>) -> {true, Rest};
value(<<"false", Rest/binary>>) -> {false, Rest};
value(<<"null", Rest/binary>>) -> {null, Rest};
value(B = <<C, _/binary>>) when C =:= $-; C >= $0, C =< $9 -> number(B, 0).

number(B, N) ->
    case B of
        <<_:N/binary, C, _/binary>> when C =:= $-; C =:= $+; C =:= $.; C =:= $e; C =:= $E; C >= $0, C =< $9 ->
            number(B, N + 1);
        <<Num:N/binary, Rest/binary>> ->
            _ = binary_to_number(Num),
            {{num, Num}, Rest}
    end.

binary_to_number(B) ->
    try binary_to_integer(B)
    catch _:_ ->
        try binary_to_float(B)
        catch _:_ -> binary_to_float(fix_float(B))
        end
    end.

%% Erlang's floats need a fraction ("1e5" and "1.0e5").
fix_float(B) ->
    case binary:split(B, [<<"e">>, <<"E">>]) of
        [M, E] -> case binary:match(M, <<".">>) of
                      nomatch -> <<M/binary, ".0e", E/binary>>;
                      _ -> B
                  end;
        [M] -> <<M/binary, ".0">>
    end.

object(<<$}, Rest/binary>>, Map) -> {{objmap, Map}, Rest};
object(<<$", Rest/binary>>, Map) ->
    {Key, R1} = string(Rest, []),
    <<$:, R2/binary>> = ws(R1),
    {V, R3} = value(ws(R2)),
    V1 = case V of {objmap, M} -> {obj, maps:to_list(M)}; _ -> V end,
    Map1 = Map#{Key => V1},
    case ws(R3) of
        <<$,, R4/binary>> -> object(ws(R4), Map1);
        <<$}, R4/binary>> -> {{objmap, Map1}, R4}
    end.

array(<<$], Rest/binary>>, Acc) -> {{list, lists:reverse(Acc)}, Rest};
array(B, Acc) ->
    {V, R1} = value(B),
    V1 = case V of {objmap, M} -> {obj, maps:to_list(M)}; _ -> V end,
    case ws(R1) of
        <<$,, R2/binary>> -> array(ws(R2), [V1 | Acc]);
        <<$], R2/binary>> -> {{list, lists:reverse([V1 | Acc])}, R2}
    end.

string(<<$", Rest/binary>>, Acc) -> {iolist_to_binary(lists:reverse(Acc)), Rest};
string(<<$\\, $u, A, B, C, D, Rest/binary>>, Acc) ->
    Code = binary_to_integer(<<A, B, C, D>>, 16),
    if
        Code >= 16#D800, Code =< 16#DBFF ->
            case Rest of
                <<$\\, $u, E, F, G, H, Rest2/binary>> ->
                    Low = binary_to_integer(<<E, F, G, H>>, 16),
                    if
                        Low >= 16#DC00, Low =< 16#DFFF ->
                            Cp = 16#10000 + ((Code - 16#D800) bsl 10) + (Low - 16#DC00),
                            string(Rest2, [<<Cp/utf8>> | Acc]);
                        true -> string(Rest, [<<16#FFFD/utf8>> | Acc])
                    end;
                _ -> string(Rest, [<<16#FFFD/utf8>> | Acc])
            end;
        Code >= 16#DC00, Code =< 16#DFFF -> string(Rest, [<<16#FFFD/utf8>> | Acc]);
        true -> string(Rest, [<<Code/utf8>> | Acc])
    end;
string(<<$\\, C, Rest/binary>>, Acc) ->
    Ch = case C of
             $" -> $"; $\\ -> $\\; $/ -> $/; $b -> 8; $f -> 12; $n -> 10; $r -> 13; $t -> 9
         end,
    string(Rest, [Ch | Acc]);
string(B, Acc) ->
    %% A run of plain bytes at once.
    N = plain(B, 0),
    case N of
        0 -> <<C, _/binary>> = B, error({bad_char, C});
        _ -> <<Run:N/binary, Rest/binary>> = B, string(Rest, [Run | Acc])
    end.

plain(B, N) ->
    case B of
        <<_:N/binary, C, _/binary>> when C =/= $", C =/= $\\, C >= 16#20 -> plain(B, N + 1);
        _ -> N
    end.

encode({s, S}) -> [$", escape(S), $"];
encode({num, N}) -> N;
encode(true) -> <<"true">>;
encode(false) -> <<"false">>;
encode(null) -> <<"null">>;
encode({list, L}) -> [$[, lists:join($,, [encode(V) || V <- L]), $]];
encode({obj, Fields}) ->
    [${, lists:join($,, [[encode({s, K}), $:, encode(V)] || {K, V} <- Fields]), $}].

%% Bytes pass through (the texts are UTF-8); invalid UTF-8 would not be valid JSON, so every
%% text is checked first and its bad bytes replaced.
escape(S) ->
    Valid = case unicode:characters_to_binary(S) of
                B when is_binary(B) -> B;
                _ -> repair(S)
            end,
    escape(Valid, 0, Valid, []).

escape(B, N, Whole, Acc) ->
    case B of
        <<_:N/binary, C, _/binary>> when C =:= $"; C =:= $\\; C < 16#20; C =:= 16#7F ->
            <<Run:N/binary, _, Rest/binary>> = B,
            Esc = case C of
                      $" -> <<"\\\"">>;
                      $\\ -> <<"\\\\">>;
                      _ -> iolist_to_binary(io_lib:format("\\u~4.16.0b", [C]))
                  end,
            escape(Rest, 0, Whole, [Esc, Run | Acc]);
        <<_:N/binary, _, _/binary>> -> escape(B, N + 1, Whole, Acc);
        _ -> lists:reverse([B | Acc])
    end.

repair(<<>>) -> <<>>;
repair(<<C/utf8, Rest/binary>>) -> <<C/utf8, (repair(Rest))/binary>>;
repair(<<_, Rest/binary>>) -> <<16#FFFD/utf8, (repair(Rest))/binary>>.
