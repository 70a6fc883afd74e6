`default_nettype none
// sync_edge: brings WIDTH asynchronous signals into clk_i through two flops each, and detects their
// rising edges.
//
// Clock domain: clk_i (inputs asynchronous). A level that is high from the edge at which the first flop
// samples it (edge t) shows on level_o after edge t+1; rise_o is high for the one clock after edge t+1, so
// logic counting rise_o counts at edge t+2. An input must hold each level for at least one clock period
// to be seen (the spec limits the Timestamp clock to node/3 and the external inputs to node/1).
// Parameters: WIDTH, number of independent bits (>= 1).
module sync_edge #(
  parameter WIDTH = 1  // number of independent signals
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire [WIDTH-1:0] async_i,
  output wire [WIDTH-1:0] level_o,  // synchronized level
  output wire [WIDTH-1:0] rise_o,   // one-clock pulse per rising edge of async_i
  output wire [WIDTH-1:0] prev_o    // level_o one clock earlier (rise_o is level_o and not prev_o)
);
  initial begin
    if (WIDTH < 1) begin $error("sync_edge: WIDTH must be >= 1"); $finish; end
  end

  // meta_q is the only flop that may go metastable; nothing but sync_q reads it.
  reg [WIDTH-1:0] meta_q, sync_q, prev_q;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      meta_q <= {WIDTH{1'b0}};
      sync_q <= {WIDTH{1'b0}};
      prev_q <= {WIDTH{1'b0}};
    end else begin
      meta_q <= async_i;
      sync_q <= meta_q;
      prev_q <= sync_q;
    end
  end

  assign level_o = sync_q;
  assign rise_o  = sync_q & ~prev_q;
  assign prev_o  = prev_q;
endmodule
`default_nettype wire
