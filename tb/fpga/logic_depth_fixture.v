`default_nettype none
// logic_depth_fixture: a known logic depth for scripts/logic-depth's test (tb/fpga/logic-depth-test).
//
// Clock domain: clk_i. WIDTH input flip-flops feed one output flip-flop through the AND (KIND 0) or XOR
// (KIND 1) of all of them. With 4-input LUTs a function of all n inputs needs ceil(log4(n)) LUT levels
// and a balanced tree reaches that, so the depth is known without synthesizing: 1 input 0 levels, 4 1,
// 16 2, 17 3, 64 3, 65 4. Latency: two clocks. Parameters: WIDTH (>= 1), KIND (0 AND, 1 XOR).
module logic_depth_fixture #(
  parameter WIDTH = 16,  // inputs of the function
  parameter KIND  = 0    // 0: AND of all inputs, 1: XOR of all inputs
) (
  input  wire             clk_i,
  input  wire [WIDTH-1:0] d_i,
  output wire             q_o
);
  initial begin
    if (WIDTH < 1) begin $error("%m: WIDTH must be >= 1"); $finish; end
    if (KIND != 0 && KIND != 1) begin $error("%m: KIND must be 0 or 1"); $finish; end
  end
  reg [WIDTH-1:0] d_q;
  reg             q_q, q_d;
  always @* q_d = (KIND == 0) ? &d_q : ^d_q;
  always @(posedge clk_i) begin
    d_q <= d_i;
    q_q <= q_d;
  end
  assign q_o = q_q;
endmodule
`default_nettype wire
