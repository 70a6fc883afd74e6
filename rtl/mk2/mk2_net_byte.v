`default_nettype none
`include "mk2_regmap.vh"
// mk2_net_byte: the byte the Collection Network presents next, as eleven partial bytes whose OR is the byte:
// byte i of the FIFO head (head_sel_i one-hot, bytes 1-20) in three parts (head bytes 1-8, 9-16, 17-20) and
// counter byte k of the shadows (shadow_sel_i one-hot, bytes 21-84) in eight parts (counter bytes 8g..8g+7
// in part g). A part is zero unless its group holds the selected byte; the shadow parts are not gated with
// "sending bytes 21-84" (mk2_network does that where it registers them).
//
// Clock domain: clk_i's; purely combinational, an AND-OR tree of 8 select-and-data terms (head part 2: 4)
// per part bit, whose inputs are all flip-flops or block-RAM outputs and whose outputs are the D inputs
// of mk2_network's part registers. Latency: none.
// Why parts, not the byte: the 64-way tree is four LUT levels (64 select-and-data terms need three levels
// of 4-input LUTs before the gate); an 8-way part is two, and mk2_network registers the parts and ORs them
// after the registers, towards the pins only, so no flip-flop waits on more than two levels of it.
// Why a module of its own (keep_hierarchy): ABC maps every cone of a netlist to the required time of the
// deepest one; alone these trees keep their two levels.
// No parameters.
(* keep_hierarchy *)
module mk2_net_byte (
  input  wire [`MK2_ENTRY_WIDTH-1:0] head_i,
  input  wire [19:0]  head_sel_i,    // bit i: head byte i + 1
  input  wire [511:0] shadow_i,
  input  wire [63:0]  shadow_sel_i,  // bit k: counter byte k (shadow bits 511-8k..504-8k)
  // parts 0-2 (bits 23..0): head bytes 8p+1..8p+8; parts 3-10 (bits 87..24): counter bytes 8g..8g+7 in
  // part 3 + g
  output reg  [87:0]  parts_o
);
  integer i;
  always @* begin
    parts_o = 88'd0;
    for (i = 0; i < 20; i = i + 1)
      parts_o[8*(i/8) +: 8] = parts_o[8*(i/8) +: 8]
                              | ({8{head_sel_i[i]}} & head_i[`MK2_ENTRY_HEADER_MSB - 8*i -: 8]);
    for (i = 0; i < 64; i = i + 1)
      parts_o[24 + 8*(i/8) +: 8] = parts_o[24 + 8*(i/8) +: 8]
                                   | ({8{shadow_sel_i[i]}} & shadow_i[511 - 8*i -: 8]);
  end
  // the head bits above the 20 bytes (the Resource flag) are not part of any byte
  wire unused_ok = &{1'b0, head_i[`MK2_ENTRY_WIDTH-1:`MK2_ENTRY_HEADER_MSB+1]};
endmodule
`default_nettype wire
