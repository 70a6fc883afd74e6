# cog# co# Examps.
0000_0000_1111_1111_0000_xxxx_xxxx_xxx1  S6           # e0ff0000 exactly
0000_0000_1111_1111_0000_000X_xxxx_xxxx  S1           # 00ff0000 .. 00ff00ff
xxxx_xxxx_xxxx_xxxx_xxxx_xxxx_xxxx_xxx1  S6           # every odd word
1101_1110_1010_1101_1011_1110_1110_1111  G,S2,S3      # deYdbeef_xxxx_xxxx_xxxx_x xx  s4           # dead0000 .. deadffff (lower case a