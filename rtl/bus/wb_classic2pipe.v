`default_nettype none
// wb_classic2pipe: lets a Wishbone B4 classic master (STB held until ACK, e.g. LiteX's wishbone.Interface)
// drive a Wishbone B4 pipelined slave such as mk2_wb_top.
//
// What: the classic request is passed on as one pipelined request: STB is forwarded until the slave accepts
// it (STALL low), then held off until its ACK or ERR, which go back to the master with the read data
// combinationally. A classic master that keeps STB high after an ACK (the next transfer of a block cycle)
// issues its next request from the clock after that ACK. CYC is passed through; a master that drops CYC
// abandons the request (the pipelined slave answers nothing after CYC falls).
// Clock domain: clk_i. rst_ni synchronous, active low.
// Latency: none added (the request goes out in the clock it is presented; ACK comes back in the clock the
// slave gives it). Parameters: AW (address bits).
module wb_classic2pipe #(
  parameter AW = 30
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  // from the classic master
  input  wire          c_cyc_i,
  input  wire          c_stb_i,
  input  wire          c_we_i,
  input  wire [AW-1:0] c_adr_i,
  input  wire [31:0]   c_dat_i,
  input  wire [3:0]    c_sel_i,
  output wire          c_ack_o,
  output wire          c_err_o,
  output wire [31:0]   c_dat_o,
  // to the pipelined slave
  output wire          p_cyc_o,
  output wire          p_stb_o,
  output wire          p_we_o,
  output wire [AW-1:0] p_adr_o,
  output wire [31:0]   p_dat_o,
  output wire [3:0]    p_sel_o,
  input  wire          p_stall_i,
  input  wire          p_ack_i,
  input  wire          p_err_i,
  input  wire [31:0]   p_dat_i
);
  reg pending_q, pending_d;   // the request was accepted and its answer has not come

  assign p_cyc_o = c_cyc_i;
  assign p_stb_o = c_cyc_i && c_stb_i && !pending_q;
  assign p_we_o  = c_we_i;
  assign p_adr_o = c_adr_i;
  assign p_dat_o = c_dat_i;
  assign p_sel_o = c_sel_i;
  assign c_ack_o = p_ack_i;
  assign c_err_o = p_err_i;
  assign c_dat_o = p_dat_i;

  always @* begin
    pending_d = pending_q;
    if (p_stb_o && !p_stall_i) pending_d = 1'b1;
    if (p_ack_i || p_err_i) pending_d = 1'b0;
    if (!c_cyc_i) pending_d = 1'b0;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) pending_q <= 1'b0;
    else pending_q <= pending_d;
  end

`ifdef FORMAL
  reg f_past_q = 1'b0;
  reg [1:0] f_out_q = 2'd0;   // pipelined requests accepted and not answered
  always @(posedge clk_i) begin
    f_past_q <= 1'b1;
    if (!rst_ni || !c_cyc_i) f_out_q <= 2'd0;
    else f_out_q <= f_out_q + {1'b0, p_stb_o && !p_stall_i} - {1'b0, p_ack_i || p_err_i};
  end
  always @* begin
    if (!f_past_q) assume(!rst_ni);
    // the classic master: STB only inside a cycle
    assume(!c_stb_i || c_cyc_i);
    // the pipelined slave: an answer only for an outstanding request, never both, none outside a cycle
    if (p_ack_i || p_err_i) assume(f_out_q != 2'd0 && c_cyc_i);
    assume(!(p_ack_i && p_err_i));
    if (f_past_q && rst_ni) begin
      // at most one pipelined request outstanding, exactly while pending
      assert(f_out_q <= 2'd1);
      if (c_cyc_i) assert(pending_q == (f_out_q == 2'd1));
      // the classic master sees an answer only to the request it holds
      if (c_ack_o || c_err_o) assert(c_cyc_i && pending_q);
      // no new pipelined request while one is outstanding
      if (pending_q) assert(!p_stb_o);
      cover(c_ack_o && c_stb_i);
      cover(pending_q && p_stall_i);
    end
  end
`endif
endmodule
`default_nettype wire
