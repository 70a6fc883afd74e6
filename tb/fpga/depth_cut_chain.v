`default_nettype none
// depth_cut_chain: for scripts/depth-cut's test (tb/fpga/logic-depth-test), a deep register that feeds only
// another deep register: a 17-input AND (three LUT levels) into first_q, whose only load is the 17-input
// AND of first_q and 16 more flip-flops into last_q. Cutting last_q's input removes first_q with its
// cone, so depth-cut must give first_q no verdict rather than call it shallow.
// Clock domain: clk_i. Latency: three clocks. No parameters.
module depth_cut_chain (
  input  wire        clk_i,
  input  wire [16:0] a_i,
  input  wire [15:0] b_i,
  output wire        last_o
);
  reg [16:0] a_q, a_d;
  reg [15:0] b_q, b_d;
  reg        first_q, first_d, last_q, last_d;
  always @* begin
    a_d     = a_i;
    b_d     = b_i;
    first_d = &a_q;
    last_d  = &{first_q, b_q};
  end
  always @(posedge clk_i) begin
    a_q     <= a_d;
    b_q     <= b_d;
    first_q <= first_d;
    last_q  <= last_d;
  end
  assign last_o = last_q;
endmodule
`default_nettype wire
