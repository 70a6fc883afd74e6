`default_nettype none
// logic_depth_wrap: logic_depth_fixture as an instance, for the test that scripts/logic-depth refuses a
// netlist whose top instantiates a module of the design (tb/fpga/logic-depth-test keeps the fixture as
// a hierarchy of its own; the fixture's defaults, WIDTH 16 and KIND 0: a parameter would make yosys derive a
// module without the attribute). Clock domain: clk_i. Latency: two clocks. No parameters.
module logic_depth_wrap (
  input  wire        clk_i,
  input  wire [15:0] d_i,
  output wire        q_o
);
  logic_depth_fixture inner (.clk_i(clk_i), .d_i(d_i), .q_o(q_o));
endmodule
`default_nettype wire
