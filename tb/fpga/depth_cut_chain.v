`default_nettype none
// depth_cut_chain: for scripts/depth-cut's test (tb/fpga/logic-depth-test), a deep register that feeds only
// another deep register: a 17-input AND (three LUT levels) into first_q, whose only load is the 17-input
// AND of first_q and 16 more flip-flops into last_q. Cutting last_q's input removes first_q with its
// cone, so depth-cut must give first_q no verdict rather than call it shallow. Both sit in a generate
// loop, so their names carry an index (stage[0].last_q), which logic-depth groups as stage[].last_q: the
// cut must find them by that name.
// Clock domain: clk_i. Latency: three clocks to last_o. No parameters.
module depth_cut_chain (
  input  wire        clk_i,
  input  wire [16:0] a_i,
  input  wire [15:0] b_i,
  output wire        last_o
);
  reg [16:0] a_q, a_d;
  reg [15:0] b_q, b_d;
  always @* begin
    a_d = a_i;
    b_d = b_i;
  end
  always @(posedge clk_i) begin
    a_q <= a_d;
    b_q <= b_d;
  end
  genvar k;
  generate
    for (k = 0; k < 1; k = k + 1) begin : stage
      reg first_q, first_d, last_q, last_d;
      always @* begin
        first_d = &a_q;
        last_d  = &{first_q, b_q};
      end
      always @(posedge clk_i) begin
        first_q <= first_d;
        last_q  <= last_d;
      end
    end
  endgenerate
  // through a gate, so that the output's name is not one of last_q's
  assign last_o = stage[0].last_q ^ b_q[0];
endmodule
`default_nettype wire
