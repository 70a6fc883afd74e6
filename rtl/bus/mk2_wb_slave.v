`default_nettype none
// mk2_wb_slave: a Wishbone B4 pipelined slave (32-bit data) in front of the MultiKron II processor pins.
//
// What: every Wishbone request becomes at most one MultiKron II bus interaction, driven on the pins exactly
// as the script runner's bus-functional model drives them (sim/mk2/mk2_tb.c bus_cycle(), docs/decisions.md
// section 9 and D10.1): STARTB and READB or WRITEB low with A6..A0 and D63..D0 for one node clock, then the
// strobes high, HOLDB always high, and the read data taken in the node clock in which ACKB is low.
// Address map (docs/integration.md): wb_adr_i is a 32-bit word address; wb_adr_i[7:1] = A6..A0 and
// wb_adr_i[0] the half (0 = D31..D0, 1 = D63..D32), so byte address = 8*A + 4*half.
//   - write of the high half: latched only (no chip cycle), acknowledged the next clock.
//   - write of the low half: one chip write of {high latch, data}; the high latch is then cleared, so a
//     lone low-half write writes D63..D32 = 0 (a 32-bit register needs one Wishbone write).
//   - read of the low half: one chip read; returns D31..D0 and latches D63..D32.
//   - read of the high half: the latched D63..D32 of the last chip read (no chip cycle, no side effect).
//   - a write with wb_sel_i other than 4'b1111 cannot be done (the chip has no byte enables): answered
//     with ERR, the chip untouched. ERR has no other use.
// Clock domain: clk_i, which must be the MultiKron II node clock (the chip's clk_i): its processor pins are
// synchronous to it. rst_ni: synchronous, active low; the slave keeps STALL high for 3 clocks after it so
// that the chip's own reset synchronizer has released before the first STARTB.
// Latency: one request at a time. A chip cycle accepted at edge e puts STARTB low at e (seen by the chip at
// e+1); the chip answers ACKB after e+2+W+waits (W = WAITSTATE strap, waits = Table B3a/B3b wait
// states); ACK is combinational from ACKB, so the master takes it at edge e+3+W+waits: 3 clocks with no wait
// state. STALL is high from the accept edge until that ACK clock, in which the next request may be accepted.
// Latched halves and ERR answer at the next clock (1 clock) and do not stall.
// A master that drops CYC during a chip cycle cannot stop the chip: the cycle completes on the pins, no
// ACK is given, and STALL stays high until it has.
// No parameters.
module mk2_wb_slave (
  input  wire        clk_i,
  input  wire        rst_ni,
  // Wishbone B4 pipelined slave
  input  wire        wb_cyc_i,
  input  wire        wb_stb_i,
  input  wire        wb_we_i,
  input  wire [7:0]  wb_adr_i,     // word address: {A6..A0, half}
  input  wire [31:0] wb_dat_i,
  input  wire [3:0]  wb_sel_i,
  output wire        wb_stall_o,
  output wire        wb_ack_o,
  output wire        wb_err_o,
  output wire [31:0] wb_dat_o,
  // MultiKron II processor pins (to mk2_chip)
  output wire        mk2_startb_o,
  output wire        mk2_readb_o,
  output wire        mk2_writeb_o,
  output wire        mk2_holdb_o,
  output wire [6:0]  mk2_addr_o,
  output wire [63:0] mk2_data_o,
  input  wire        mk2_ackb_i,
  input  wire [63:0] mk2_data_i
);
  localparam [1:0] PH_IDLE = 2'd0, PH_STROBE = 2'd1, PH_WAIT = 2'd2;

  reg [1:0]  phase_q,  phase_d;   // chip cycle: none, strobe clock, waiting for ACKB
  reg        write_q,  write_d;   // the chip cycle is a write
  reg        drop_q,   drop_d;    // CYC was dropped during the chip cycle: no ACK for it
  reg [6:0]  addr_q,   addr_d;
  reg [63:0] wdata_q,  wdata_d;
  reg [31:0] hi_wr_q,  hi_wr_d;   // D63..D32 of the next chip write
  reg [31:0] hi_rd_q,  hi_rd_d;   // D63..D32 of the last chip read
  reg        rack_q,   rack_d;    // local ACK (latched half) in this clock
  reg        rerr_q,   rerr_d;    // ERR in this clock
  reg [31:0] rdat_q,   rdat_d;    // data of the local ACK
  reg [1:0]  init_q,   init_d;    // clocks since reset, saturating at 3

  wire chip_done = phase_q == PH_WAIT && !mk2_ackb_i;
  wire ready     = init_q == 2'd3;
  assign wb_stall_o = !ready || phase_q == PH_STROBE || (phase_q == PH_WAIT && mk2_ackb_i);
  wire accept    = wb_cyc_i && wb_stb_i && !wb_stall_o;

  always @* begin
    phase_d = phase_q;
    write_d = write_q;
    drop_d  = drop_q;
    addr_d  = addr_q;
    wdata_d = wdata_q;
    hi_wr_d = hi_wr_q;
    hi_rd_d = hi_rd_q;
    rack_d  = 1'b0;
    rerr_d  = 1'b0;
    rdat_d  = rdat_q;
    init_d  = ready ? init_q : init_q + 2'd1;
    // the chip cycle in flight
    if (phase_q == PH_STROBE) phase_d = PH_WAIT;
    if (phase_q != PH_IDLE && !wb_cyc_i) drop_d = 1'b1;
    if (chip_done) begin
      phase_d = PH_IDLE;
      drop_d  = 1'b0;
      if (!write_q) hi_rd_d = mk2_data_i[63:32];
    end
    // a new request (only when idle, or in the clock that ends the chip cycle)
    if (accept) begin
      if (wb_we_i && wb_sel_i != 4'b1111) begin
        rerr_d = 1'b1;
      end else if (wb_adr_i[0]) begin
        rack_d = 1'b1;
        if (wb_we_i) hi_wr_d = wb_dat_i;
        else rdat_d = hi_rd_d;
      end else begin
        phase_d = PH_STROBE;
        write_d = wb_we_i;
        drop_d  = 1'b0;
        addr_d  = wb_adr_i[7:1];
        wdata_d = {hi_wr_d, wb_dat_i};
        if (wb_we_i) hi_wr_d = 32'd0;
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      phase_q <= PH_IDLE;
      write_q <= 1'b0;
      drop_q  <= 1'b0;
      addr_q  <= 7'd0;
      wdata_q <= 64'd0;
      hi_wr_q <= 32'd0;
      hi_rd_q <= 32'd0;
      rack_q  <= 1'b0;
      rerr_q  <= 1'b0;
      rdat_q  <= 32'd0;
      init_q  <= 2'd0;
    end else begin
      phase_q <= phase_d;
      write_q <= write_d;
      drop_q  <= drop_d;
      addr_q  <= addr_d;
      wdata_q <= wdata_d;
      hi_wr_q <= hi_wr_d;
      hi_rd_q <= hi_rd_d;
      rack_q  <= rack_d;
      rerr_q  <= rerr_d;
      rdat_q  <= rdat_d;
      init_q  <= init_d;
    end
  end

  wire strobe = phase_q == PH_STROBE;
  assign mk2_startb_o = !strobe;
  assign mk2_readb_o  = !(strobe && !write_q);
  assign mk2_writeb_o = !(strobe && write_q);
  assign mk2_holdb_o  = 1'b1;
  assign mk2_addr_o   = addr_q;
  assign mk2_data_o   = wdata_q;
  assign wb_ack_o     = wb_cyc_i && (rack_q || (chip_done && !drop_q));
  assign wb_err_o     = wb_cyc_i && rerr_q;
  assign wb_dat_o     = rack_q ? rdat_q : mk2_data_i[31:0];

`ifdef FORMAL
  // The Wishbone B4 pipelined rules, with the chip's ACKB and data left free (any chip behaviour).
  reg f_past_q = 1'b0;
  always @(posedge clk_i) f_past_q <= 1'b1;
  always @* if (!f_past_q) assume(!rst_ni);
  // master: STB only inside a cycle
  always @* assume(!wb_stb_i || wb_cyc_i);
  // master: a stalled request holds still until it is accepted (or the cycle is dropped)
  always @(posedge clk_i)
    if (f_past_q && $past(rst_ni) && rst_ni && $past(wb_cyc_i && wb_stb_i && wb_stall_o) && wb_cyc_i)
      assume(wb_stb_i && wb_we_i == $past(wb_we_i) && wb_adr_i == $past(wb_adr_i) &&
             wb_dat_i == $past(wb_dat_i) && wb_sel_i == $past(wb_sel_i));
  // requests accepted and not yet answered in this Wishbone cycle
  reg [1:0] f_out_q = 2'd0;
  always @(posedge clk_i)
    if (!rst_ni || !wb_cyc_i) f_out_q <= 2'd0;
    else f_out_q <= f_out_q + {1'b0, accept} - {1'b0, wb_ack_o || wb_err_o};
  always @* if (f_past_q && rst_ni) begin
    // one request at a time, and no answer with none outstanding
    assert(f_out_q <= 2'd1);
    if (wb_ack_o || wb_err_o) assert(f_out_q == 2'd1);
    assert(!(wb_ack_o && wb_err_o));
    // an outstanding request is never forgotten: its answer is pending in the slave
    // (and, for the induction, exactly then is one outstanding)
    if (wb_cyc_i) assert(f_out_q == ((rack_q || rerr_q || (phase_q != PH_IDLE && !drop_q)) ? 2'd1 : 2'd0));
    assert(!(rack_q && rerr_q));
    if (rack_q || rerr_q) assert(phase_q == PH_IDLE);
    // no answer outside a cycle
    if (!wb_cyc_i) assert(!wb_ack_o && !wb_err_o);
    // chip side: READB/WRITEB only with STARTB, never both; HOLDB never used
    assert(mk2_startb_o || (mk2_readb_o != mk2_writeb_o));
    if (mk2_startb_o) assert(mk2_readb_o && mk2_writeb_o);
    assert(mk2_holdb_o);
    assert(phase_q != 2'd3);
    if (!ready) assert(phase_q == PH_IDLE && !rack_q && !rerr_q);
  end
  always @(posedge clk_i) if (f_past_q && $past(rst_ni) && rst_ni) begin
    // STARTB is low for exactly one clock, and only after the previous chip cycle saw its ACKB
    if (!mk2_startb_o) assert($past(mk2_startb_o));
    if (!mk2_startb_o) assert($past(phase_q) == PH_IDLE || ($past(phase_q) == PH_WAIT && !$past(mk2_ackb_i)));
    // the address and data on the pins hold still from STARTB to ACKB
    if ($past(phase_q) != PH_IDLE && !$past(chip_done))
      assert(mk2_addr_o == $past(mk2_addr_o) && mk2_data_o == $past(mk2_data_o));
  end
  // reachability
  always @(posedge clk_i) if (f_past_q && rst_ni) begin
    cover(wb_ack_o && $past(phase_q) == PH_WAIT && write_q);                   // a chip write acknowledged
    cover(wb_ack_o && rack_q && !$past(wb_we_i) && $past(chip_done));          // high half read right after
    cover(wb_err_o);                                                            // a partial write refused
    cover(accept && chip_done && wb_ack_o);                                     // back to back
    cover(drop_q && chip_done);                                                 // an abandoned chip cycle ends
  end
`endif
endmodule
`default_nettype wire
