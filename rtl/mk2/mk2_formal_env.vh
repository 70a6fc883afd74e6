// mk2_formal_env.vh: the opening of every MultiKron II block's formal section (make formal, docs/formal.md).
// Included inside a module, under `ifdef FORMAL, after the module's ports: it reads clk_i and rst_ni.
//   `MK2_ENV(expr)  what a block assumes of the blocks around it. Alone the block assumes it; in the chip
//                   harness (MK2_FORMAL_CHIP, the `ifdef FORMAL block of mk2_chip) the same line is an
//                   assertion, so the chip proof checks every block's environment.
//   past_valid_q    low at the first step only, so that $past-style properties skip it.
// Every trace starts in reset, as the chip does at power-up.
`ifdef MK2_FORMAL_CHIP
`define MK2_ENV assert
`else
`define MK2_ENV assume
`endif
  reg past_valid_q = 1'b0;
  always @(posedge clk_i) past_valid_q <= 1'b1;
  always @* if (!past_valid_q) assume(!rst_ni);
