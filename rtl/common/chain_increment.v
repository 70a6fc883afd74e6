`default_nettype none
// chain_increment: q + 1, or q itself while hold_i is high, as one carry chain with a pass-through bit
// after every seven bits, so that nextpnr-ice40 places the chain in one piece.
//
// Why the pass-through bits: the counters that use this load a written value and count through a clock
// enable and a synchronous reset, so each bit's iCE40 logic cell uses all four LUT inputs (the written
// bit, the count bit, the write select that also drives the carry's operand, the carry in). nextpnr-ice40
// allows 32 LUT inputs in a logic tile of eight cells, and the tile's clock enable and reset count as two
// more when they are not on a global network (a counter's are not: there are more of them than the eight
// global buffers): eight such cells need 34. So nextpnr cut every 32-bit chain where a tile overflowed, feeding the
// carry out into the fabric and back in (two logic cells and two routes a cut: 5.3-5.8 ns on the UP5K,
// 1.5-2.6 ns on the HX8K, where the cut chain from a write select was the critical path). With a bit whose
// operands are 1 and hold_i after every seven bits, a tile holds seven counting cells (28 inputs) and the
// pass-through bit (its carry operands: 2 inputs): 32 with the enable and the reset. While hold_i is low
// the pass-through bit adds 1 to the carry and passes it on (1 + c gives carry c); while hold_i is high
// the whole sum is q (q + all ones + 1), as it is without the extra bits. The extra bits cost a carry
// step each (0.3 ns on the UP5K) and as many logic cells as the cuts did.
// On ECP5 the extra bits are four more carry bits of a 32-bit chain (two CCU2C cells a counter).
//
// Clock domain: none (combinational). Latency: none.
// Parameters: WIDTH, the width of q (2..64).
module chain_increment #(
  parameter WIDTH = 32  // bits of the count
) (
  input  wire [WIDTH-1:0] q_i,
  input  wire             hold_i,   // 1: sum_o = q_i (the caller loads other data then)
  output wire [WIDTH-1:0] sum_o
);
  localparam FILL = (WIDTH - 1) / 7;        // pass-through bits: after bits 6, 13, 20, ...
  localparam EXT  = WIDTH + FILL;

  initial begin
    if (WIDTH < 2 || WIDTH > 64) begin $error("%m: chain_increment: WIDTH must be 2..64"); $finish; end
  end

  // bit i of q sits at position i + i/7 of the extended operand; positions 8k+7 are the pass-through bits
  wire [EXT-1:0] operand;
  wire [EXT-1:0] sum = operand + {EXT{hold_i}} + {{(EXT-1){1'b0}}, 1'b1};
  genvar i, k;
  generate
    for (i = 0; i < WIDTH; i = i + 1) begin : g_bit
      assign operand[i + i / 7] = q_i[i];
      assign sum_o[i]           = sum[i + i / 7];
    end
    for (k = 0; k < FILL; k = k + 1) begin : g_pass
      assign operand[8 * k + 7] = 1'b1;
    end
  endgenerate
  // the pass-through bits of the sum are not used
  wire unused_ok = &{1'b0, sum};

`ifdef FORMAL
  // The pass-through bits change nothing: the sum is q + 1, or q while holding (make formal-quick runs it
  // at widths 2, 7/8, 14/15 and 28/29, either side of the first, second and fourth pass-through bit, 32,
  // the width in use, and 64).
  always @* begin
    assert(sum_o == (hold_i ? q_i : q_i + 1'b1));
    cover(!hold_i && &q_i);   // the carry runs through every pass-through bit and out
  end
`endif
endmodule
`default_nettype wire
