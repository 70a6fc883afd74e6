`default_nettype none
// mk2_wb_decoder: a Wishbone B4 pipelined master onto two pipelined slaves (A and B), answers kept in order.
//
// What: a request goes to B when to_b_i is high, else to A (address, data, WE and SEL are wired to both by
// the user; only STB is steered). Each slave may keep several requests outstanding and answers them in
// order; a request to the other slave than the outstanding ones waits (STALL) until they are all answered,
// so the master sees its answers in the order of its requests. CYC low forgets everything outstanding
// (the slaves answer nothing after it).
// Clock domain: clk_i. rst_ni synchronous, active low.
// Latency: none added (combinational STB steering and answer multiplexing).
// No parameters (up to 3 requests outstanding).
module mk2_wb_decoder (
  input  wire        clk_i,
  input  wire        rst_ni,
  // master side
  input  wire        wb_cyc_i,
  input  wire        wb_stb_i,
  input  wire        to_b_i,       // the request is for slave B
  output wire        wb_stall_o,
  output wire        wb_ack_o,
  output wire        wb_err_o,
  output wire [31:0] wb_dat_o,
  // slave A
  output wire        a_stb_o,
  input  wire        a_stall_i,
  input  wire        a_ack_i,
  input  wire        a_err_i,
  input  wire [31:0] a_dat_i,
  // slave B
  output wire        b_stb_o,
  input  wire        b_stall_i,
  input  wire        b_ack_i,
  input  wire        b_err_i,
  input  wire [31:0] b_dat_i
);
  reg [1:0] out_q, out_d;   // requests accepted and not yet answered
  reg       tgt_q, tgt_d;   // their slave: 1 = B

  wire block  = out_q != 2'd0 && tgt_q != to_b_i;
  wire full   = out_q == 2'd3;
  assign a_stb_o    = wb_stb_i && !to_b_i && !block && !full;
  assign b_stb_o    = wb_stb_i && to_b_i && !block && !full;
  assign wb_stall_o = block || full || (to_b_i ? b_stall_i : a_stall_i);
  wire   a_answer   = a_ack_i || a_err_i;
  assign wb_ack_o   = a_ack_i || b_ack_i;
  assign wb_err_o   = a_err_i || b_err_i;
  assign wb_dat_o   = a_answer ? a_dat_i : b_dat_i;
  wire   accept     = wb_cyc_i && wb_stb_i && !wb_stall_o;

  always @* begin
    out_d = out_q;
    tgt_d = tgt_q;
    if (!wb_cyc_i) out_d = 2'd0;
    else out_d = out_q + {1'b0, accept} - {1'b0, wb_ack_o || wb_err_o};
    if (accept) tgt_d = to_b_i;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      out_q <= 2'd0;
      tgt_q <= 1'b0;
    end else begin
      out_q <= out_d;
      tgt_q <= tgt_d;
    end
  end

`ifdef FORMAL
  // The slaves as assumptions: each answers (ACK or ERR, not both) only requests it accepted in this cycle
  // and not yet answered, and nothing outside a cycle.
  reg f_past_q = 1'b0;
  reg [2:0] f_a_q = 3'd0, f_b_q = 3'd0;   // outstanding at each slave
  reg       f_a_ack_q = 1'b0;              // slave A answered in the previous clock
  wire f_acc_a = wb_cyc_i && a_stb_o && !a_stall_i;
  wire f_acc_b = wb_cyc_i && b_stb_o && !b_stall_i;
  always @(posedge clk_i) begin
    f_past_q <= 1'b1;
    f_a_ack_q <= a_ack_i;
    if (!rst_ni || !wb_cyc_i) begin
      f_a_q <= 3'd0;
      f_b_q <= 3'd0;
    end else begin
      f_a_q <= f_a_q + {2'd0, f_acc_a} - {2'd0, a_answer};
      f_b_q <= f_b_q + {2'd0, f_acc_b} - {2'd0, b_ack_i || b_err_i};
    end
  end
  always @* begin
    if (!f_past_q) assume(!rst_ni);
    assume(!wb_stb_i || wb_cyc_i);
    if (a_answer) assume(f_a_q != 3'd0 && wb_cyc_i);
    if (b_ack_i || b_err_i) assume(f_b_q != 3'd0 && wb_cyc_i);
    assume(!(a_ack_i && a_err_i));
    assume(!(b_ack_i && b_err_i));
    if (f_past_q && rst_ni && wb_cyc_i) begin
      // requests are outstanding at one slave at a time, and the count is theirs
      assert(f_a_q == 3'd0 || f_b_q == 3'd0);
      assert(out_q == f_a_q[1:0] + f_b_q[1:0]);
      assert(f_a_q <= 3'd3 && f_b_q <= 3'd3);
      if (out_q != 2'd0) assert(tgt_q ? f_a_q == 3'd0 : f_b_q == 3'd0);
      // so the two slaves never answer in the same clock, and the master never sees an answer for nothing
      assert(!(a_answer && (b_ack_i || b_err_i)));
      if (wb_ack_o || wb_err_o) assert(out_q != 2'd0);
      cover(a_answer && f_acc_a);
      cover(f_acc_b && f_a_ack_q);   // B accepted in the clock after A answered
    end
  end
`endif
endmodule
`default_nettype wire
