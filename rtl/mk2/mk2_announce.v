`default_nettype none
`include "mk2_regmap.vh"
// mk2_announce: the writes that the pins announce, one strobe per address. start_write_o[a] is high when a
// write to address a starts at this edge with no wait state, so that it is presented, and acts, at the
// next edge: mk2_bus_if's ann_start_o with READB high and A6..A0 equal to a.
//
// Why a module of its own: the blocks register these strobes (their write selects) at the edge before
// the action. Built in the chip's netlist, ABC keeps the start decision as one LUT (it enables about 50
// flip-flops) and builds every strobe behind it, five LUT levels from the pins. Kept as a hierarchy
// (keep_hierarchy), ABC maps this module alone at its own depth: each strobe is the AND of four
// first-level terms shared by all (armed and free to start; STARTB low, READB high, WRITEB low and no
// wait state; A6..A3; A2..A0), two LUT levels from the pins and the bus interface's flip-flops. The latched
// write at the end of its wait state, which comes from flip-flops alone, is left to mk2_bus_if: here it
// would be a level deeper than the strobes, and ABC, mapping the module at that depth, would relax the
// strobes to it; and its AND with the strobes' OR could not share the LUT of the flip-flop it loads.
//
// Clock domain: none, combinational (inputs: the bus pins and mk2_bus_if's flip-flops). Latency: 0.
// Parameters:
//   DECODED     one bit per address: the addresses whose strobe is formed; the others are 0 (the strobe
//               of an address that nothing acts on at the announce edge would cost LUTs for nothing)
//   IDLE_STATE  mk2_bus_if's state code of "idle" (free to start)
//   ACK_STATE   mk2_bus_if's state code of "ACKB low" (free to start once HOLDB is high)
(* keep_hierarchy *)
module mk2_announce #(
  parameter [`MK2_ADDR_COUNT-1:0] DECODED = {`MK2_ADDR_COUNT{1'b1}},
  parameter [1:0] IDLE_STATE = 2'd0,
  parameter [1:0] ACK_STATE  = 2'd3
) (
  // mk2_bus_if's flip-flops
  input  wire        armed_i,      // the strobes were seen inactive since the last interaction
  input  wire [1:0]  state_i,
  input  wire        wait_state_i, // latched WAITSTATE strap
  // pins
  input  wire        readb_i,
  input  wire        writeb_i,
  input  wire        startb_i,
  input  wire        holdb_i,
  input  wire [`MK2_ADDR_WIDTH-1:0] addr_i,
  // the pins' write, announced for the next edge, by address
  output wire [`MK2_ADDR_COUNT-1:0] start_write_o
);
  initial begin
    if (IDLE_STATE == ACK_STATE) begin
      $display("%m: IDLE_STATE and ACK_STATE must differ (both %0d)", IDLE_STATE);
      $finish;
    end
  end

  // The first level, four LUTs of four inputs or fewer that every strobe shares; kept nets, or ABC maps
  // the strobes three levels deep (it does not find this split by itself). The start decision of
  // mk2_bus_if (start) for a write with no wait state is the first two.
  (* keep *) wire ready;
  (* keep *) wire write_no_ws;
  (* keep *) wire [15:0] high_is;  // A6..A3 == h
  (* keep *) wire [7:0]  low_is;   // A2..A0 == l
  assign ready       = armed_i && (state_i == IDLE_STATE || (state_i == ACK_STATE && holdb_i));
  assign write_no_ws = !startb_i && readb_i && !writeb_i && !wait_state_i;
  genvar a;
  generate
    for (a = 0; a < 16; a = a + 1) begin : high
      assign high_is[a] = addr_i[6:3] == a;
    end
    for (a = 0; a < 8; a = a + 1) begin : low
      assign low_is[a] = addr_i[2:0] == a;
    end
    for (a = 0; a < `MK2_ADDR_COUNT; a = a + 1) begin : address
      if (DECODED[a]) begin : decoded
        assign start_write_o[a] = ready && write_no_ws && high_is[a / 8] && low_is[a % 8];
      end else begin : not_decoded
        assign start_write_o[a] = 1'b0;
      end
    end
  endgenerate
  // the decodes of address ranges where DECODED has no bit drive nothing
  wire unused_ok = &{1'b0, high_is, low_is};
endmodule
`default_nettype wire
