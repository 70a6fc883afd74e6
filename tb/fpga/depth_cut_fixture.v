`default_nettype none
// depth_cut_fixture: two cones of known depth for scripts/depth-cut's test (tb/fpga/logic-depth-test): a
// 17-input AND (three LUT levels, the deepest) and a 4-input AND (one level), each from flip-flops into a
// flip-flop. Cutting the deep one's data input leaves a netlist one level deep.
// Clock domain: clk_i. Latency: two clocks. No parameters.
module depth_cut_fixture (
  input  wire        clk_i,
  input  wire [16:0] deep_i,
  input  wire [3:0]  shallow_i,
  output wire        deep_o,
  output wire        shallow_o
);
  logic_depth_fixture #(.WIDTH(17), .KIND(0)) deep (.clk_i(clk_i), .d_i(deep_i), .q_o(deep_o));
  logic_depth_fixture #(.WIDTH(4), .KIND(0)) shallow (.clk_i(clk_i), .d_i(shallow_i), .q_o(shallow_o));
endmodule
`default_nettype wire
