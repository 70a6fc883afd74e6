`default_nettype none
// reset_sync: asynchronous-assert, synchronous-release reset synchronizer.
//
// Clock domain: clk_i. rst_no falls as soon as rst_ni falls (no clock needed) and rises on the
// second clock edge at which rst_ni has been high, so every flop of the domain leaves reset on the
// same edge and no recovery/removal violation reaches the design. Latency of release: 2 edges.
// No parameters.
module reset_sync (
  input  wire clk_i,
  input  wire rst_ni,   // asynchronous reset request, active low
  output wire rst_no    // synchronized reset, active low
);
  reg [1:0] stage_q;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) stage_q <= 2'b00;
    else         stage_q <= {stage_q[0], 1'b1};
  end

  assign rst_no = stage_q[1];
endmodule
`default_nettype wire
