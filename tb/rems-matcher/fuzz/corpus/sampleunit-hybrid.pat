# hybrid.pat - patterns of tb/rems-sampleunit/su_hybrid_tb.v (the same set as tb/hybrid/example.pat):
# two G patterns and one S6-only pattern.
0000_0000_1111_1111_0000_0000_xxxx_xxxx  G
1101_1110_1010_1101_xxxx_xxxx_xxxx_xxx0  G,S1
xxxx_xxxx_xxxx_xxxx_xxxx_xxxx_xxxx_xxx1  S6
