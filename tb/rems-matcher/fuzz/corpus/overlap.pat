0000_xxxx_1111_xxxx_0000_xxxx_1111_xxxx s1 , s2,G
xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx S6
