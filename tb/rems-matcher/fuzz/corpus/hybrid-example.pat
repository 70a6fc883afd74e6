# tb/hybrid example: two G patterns and one S6-only pattern (G bit decides a hybrid sample).
0000_0000_1111_1111_0000_0000_xxxx_xxxx  G
1101_1110_1010_1101_xxxx_xxxx_xxxx_xxx0  G,S1
xxxx_xxxx_xxxx_xxxx_xxxx_xxxx_xxxx_xxx1  S6
