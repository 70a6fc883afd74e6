`default_nettype none
// rems_sample_fifo: the sample FIFO of a REMS Sample Unit (NBSIR 87-3663 section 3.5, Figure 5): 64-bit
// samples in, the oldest one shown on head_o, in block RAM (rtl/common/ram_1r1w.v).
//
// Clock domain: clk_i, rst_ni synchronous active low; flush_i empties it. A push at edge t is on head_o
// after edge t when the FIFO was empty; a pop at edge t shows the next sample after edge t (the RAM reads
// at the pointer's next value, and its write-first bypass covers a push at the same edge). A push when
// full is ignored (the Sample Unit counts it as an overflow); push and pop together are allowed.
// Parameters: DEPTH (samples, a power of two >= 2).
module rems_sample_fifo #(
  parameter DEPTH = 8  // samples
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  input  wire                   flush_i,
  input  wire                   push_i,
  input  wire [63:0]            push_data_i,
  input  wire                   pop_i,      // only when !empty_o
  output wire [63:0]            head_o,
  output wire                   empty_o,
  output wire                   full_o,
  output wire [$clog2(DEPTH):0] level_o
);
  localparam AW = $clog2(DEPTH);
  initial begin
    if (DEPTH < 2 || (1 << AW) != DEPTH) begin $error("rems_sample_fifo: DEPTH must be a power of two >= 2"); $finish; end
  end

  reg [AW-1:0] wptr_q, wptr_d, rptr_q, rptr_d;
  reg [AW:0]   level_q, level_d;
  reg          empty_q, empty_d, full_q, full_d;   // registered level == 0, level == DEPTH
  wire do_push = push_i && !full_q;
  wire do_pop  = pop_i && !empty_q;

  always @* begin
    wptr_d  = wptr_q;
    rptr_d  = rptr_q;
    level_d = level_q;
    if (do_push) wptr_d = wptr_q + 1'b1;
    if (do_pop)  rptr_d = rptr_q + 1'b1;
    if (do_push && !do_pop) level_d = level_q + 1'b1;
    if (do_pop && !do_push) level_d = level_q - 1'b1;
    if (flush_i) begin
      wptr_d  = {AW{1'b0}};
      rptr_d  = {AW{1'b0}};
      level_d = {(AW+1){1'b0}};
    end
    empty_d = (level_d == {(AW+1){1'b0}});
    full_d  = (level_d == DEPTH[AW:0]);
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      wptr_q  <= {AW{1'b0}};
      rptr_q  <= {AW{1'b0}};
      level_q <= {(AW+1){1'b0}};
      empty_q <= 1'b1;
      full_q  <= 1'b0;
    end else begin
      wptr_q  <= wptr_d;
      rptr_q  <= rptr_d;
      level_q <= level_d;
      empty_q <= empty_d;
      full_q  <= full_d;
    end
  end

  ram_1r1w #(.WIDTH(64), .DEPTH(DEPTH)) u_ram (
    .clk_i(clk_i), .we_i(do_push && !flush_i), .waddr_i(wptr_q), .wdata_i(push_data_i),
    .match_i(1'b0), .raddr_i(rptr_d), .rdata_o(head_o));

  assign empty_o = empty_q;
  assign full_o  = full_q;
  assign level_o = level_q;
endmodule
`default_nettype wire
