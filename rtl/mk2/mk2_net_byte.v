`default_nettype none
`include "mk2_regmap.vh"
// mk2_net_byte: the byte the Collection Network presents next: byte i of the FIFO head (head_sel_i one-hot,
// bytes 1-20) or counter byte k of the shadows (shadow_sel_i one-hot, bytes 21-84, while in_counters_i).
//
// Clock domain: clk_i's; purely combinational, an AND-OR tree of 84 terms a bit whose inputs are all
// flip-flops or block-RAM outputs and whose output is the D of mk2_network's byte register. Latency: none.
// Why a module of its own (keep_hierarchy): ABC maps every cone of a netlist to the required time of the
// deepest one, and this tree, four LUT levels at best (64 select-and-data terms need three levels of
// 4-input LUTs before the gate), was mapped at five while any other cone was; alone it keeps four. Its
// inputs are flip-flops and its output goes straight to a flip-flop, so mapping it alone adds no level.
// No parameters.
(* keep_hierarchy *)
module mk2_net_byte (
  input  wire [`MK2_ENTRY_WIDTH-1:0] head_i,
  input  wire [19:0]  head_sel_i,    // bit i: head byte i + 1
  input  wire [511:0] shadow_i,
  input  wire [63:0]  shadow_sel_i,  // bit k: counter byte k (shadow bits 511-8k..504-8k)
  input  wire         in_counters_i, // sending bytes 21-84 (head_sel_i is 0 then)
  output wire [7:0]   byte_o
);
  reg [7:0] head_byte, shadow_byte;
  integer   i;
  always @* begin
    head_byte = 8'd0;
    for (i = 0; i < 20; i = i + 1)
      head_byte = head_byte | ({8{head_sel_i[i]}} & head_i[`MK2_ENTRY_HEADER_MSB - 8*i -: 8]);
    shadow_byte = 8'd0;
    for (i = 0; i < 64; i = i + 1)
      shadow_byte = shadow_byte | ({8{shadow_sel_i[i]}} & shadow_i[511 - 8*i -: 8]);
  end
  // the gate of the 64-way tree fits the LUT level where its partial ORs meet
  assign byte_o = ({8{in_counters_i}} & shadow_byte) | head_byte;
  // the head bits above the 20 bytes (the Resource flag) are not part of any byte
  wire unused_ok = &{1'b0, head_i[`MK2_ENTRY_WIDTH-1:`MK2_ENTRY_HEADER_MSB+1]};
endmodule
`default_nettype wire
