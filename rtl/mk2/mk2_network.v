`default_nettype none
// mk2_network: the Collection Network output: NETCLK, N7..N0, ODD_PARITY, EOM, FIFODAB, NETRDY.
//
// Clock domain: clk_i. NETCLK toggles at every edge (node/2, low in reset). At an edge where NETCLK falls
// (a "present" edge) the next byte is put on the pins with FIFODAB low, provided NETRDY and OUTDISB are
// high, the output is enabled (test addresses 19/20), no read-without-copy hold is pending, and a byte is
// waiting; the receiver takes it at the next edge, where NETCLK rises (a "take" edge). Bytes 1-20 come from
// the FIFO head, bytes 21-84 of a Resource sample from the shadows. The head is popped at the take edge
// of byte 20 and the shadows released at the take edge of byte 84, so back-to-back samples leave with no
// idle NETCLK. A software reset or a test-mode FIFO advance (truncate_i) cuts a sample short.
// Timing: the byte is chosen from the 672-bit {head, shadows} word by an 84-way byte multiplexer that
// feeds the output register directly; it changes only every second clock.
// Latency: a sample pushed into an empty FIFO at edge a shows its first byte at the first present edge
// after a. No parameters.
module mk2_network (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         soft_reset_i,
  input  wire         truncate_i,      // software reset or test-mode FIFO advance at this edge
  input  wire         test_mode_i,
  input  wire         act_i,
  input  wire         act_write_i,
  input  wire [6:0]   act_addr_i,
  input  wire         hold_i,          // read-without-copy on busy shadows at this edge
  // sample sources
  input  wire [7:0]   fifo_count_i,
  input  wire [160:0] head_i,
  input  wire [511:0] shadow_i,
  output wire         pop_o,           // the head's byte 20 is taken at this edge
  output wire         shadow_release_o,// byte 84 is taken at this edge
  // pins
  input  wire         netrdy_i,
  input  wire         outdisb_i,
  output wire         netclk_o,
  output wire         fifodab_o,
  output wire [7:0]   data_o,
  output wire         parity_o,
  output wire         eom_o,
  // status
  output wire         busy_o,          // a sample is part-way out
  output wire         counter_phase_o  // sending bytes 21-84 (the FIFO entry is already gone)
);
  localparam [6:0] A_DISABLE_OUTPUT = 7'd19, A_ENABLE_OUTPUT = 7'd20;
  localparam [6:0] LAST_TRACE_BYTE = 7'd19, FIRST_COUNTER_BYTE = 7'd20, LAST_RESOURCE_BYTE = 7'd83;

  reg       netclk_q, netclk_d;
  reg       presented_q, presented_d;  // a byte is on the pins (FIFODAB low)
  reg [6:0] index_q, index_d;          // byte being presented, or next to present (0..83)
  reg [7:0] data_q, data_d;
  reg       eom_q, eom_d;
  reg       enabled_q, enabled_d;
  reg       hold_q, hold_d;

  wire        present_edge = netclk_q;     // NETCLK falls at this edge
  wire        take_edge    = !netclk_q;    // NETCLK rises at this edge
  wire        resource     = head_i[160];
  wire        in_counters  = index_q >= FIRST_COUNTER_BYTE;
  wire        byte_waiting = in_counters || fifo_count_i != 8'd0;
  wire        can_present  = netrdy_i && outdisb_i && enabled_q && !hold_q && byte_waiting;
  wire [671:0] message     = {head_i[159:0], shadow_i};
  wire [7:0]  next_byte    = message[671 - {index_q, 3'b000} -: 8];
  wire        last_byte    = (index_q == LAST_TRACE_BYTE && !resource) || index_q == LAST_RESOURCE_BYTE;
  wire        taking       = take_edge && presented_q;

  always @* begin
    netclk_d    = !netclk_q;
    presented_d = presented_q;
    index_d     = index_q;
    data_d      = data_q;
    eom_d       = eom_q;
    enabled_d   = enabled_q;
    hold_d      = hold_q;

    if (present_edge) begin
      hold_d      = 1'b0;
      presented_d = can_present;
      data_d      = can_present ? next_byte : 8'd0;
      eom_d       = can_present && last_byte;
    end

    if (taking) begin
      if (index_q == LAST_TRACE_BYTE)
        index_d = resource ? FIRST_COUNTER_BYTE : 7'd0;
      else if (index_q == LAST_RESOURCE_BYTE)
        index_d = 7'd0;
      else
        index_d = index_q + 7'd1;
    end

    if (hold_i) hold_d = 1'b1;

    if (act_i && act_write_i && test_mode_i && act_addr_i == A_DISABLE_OUTPUT) enabled_d = 1'b0;
    if (act_i && act_write_i && test_mode_i && act_addr_i == A_ENABLE_OUTPUT)  enabled_d = 1'b1;

    if (truncate_i) begin
      presented_d = 1'b0;
      index_d     = 7'd0;
      data_d      = 8'd0;
      eom_d       = 1'b0;
      hold_d      = 1'b0;
    end
    if (soft_reset_i) enabled_d = 1'b1;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      netclk_q    <= 1'b0;
      presented_q <= 1'b0;
      index_q     <= 7'd0;
      data_q      <= 8'd0;
      eom_q       <= 1'b0;
      enabled_q   <= 1'b1;
      hold_q      <= 1'b0;
    end else begin
      netclk_q    <= netclk_d;
      presented_q <= presented_d;
      index_q     <= index_d;
      data_q      <= data_d;
      eom_q       <= eom_d;
      enabled_q   <= enabled_d;
      hold_q      <= hold_d;
    end
  end

  assign pop_o            = taking && index_q == LAST_TRACE_BYTE;
  assign shadow_release_o = taking && index_q == LAST_RESOURCE_BYTE;
  assign netclk_o         = netclk_q;
  assign fifodab_o        = !presented_q;
  assign data_o           = data_q;
  assign parity_o         = ~^data_q;   // odd parity over the 8 data bits
  assign eom_o            = eom_q;
  assign busy_o           = presented_q || index_q != 7'd0;
  assign counter_phase_o  = in_counters;

`ifdef FORMAL
  reg past_valid_q = 1'b0;
  always @(posedge clk_i) past_valid_q <= 1'b1;
  // Every trace starts in reset, as the chip does at power-up.
  always @* if (!past_valid_q) assume(!rst_ni);
  always @(posedge clk_i) begin
    if (past_valid_q && rst_ni && $past(rst_ni)) begin
      // FIFODAB only changes where NETCLK falls (or when a reset cuts the sample short).
      if (fifodab_o != $past(fifodab_o) && !$past(truncate_i)) assert(!netclk_o);
      // A byte is never offered while NETRDY was low.
      if (!fifodab_o && $past(fifodab_o)) assert($past(netrdy_i));
      assert(index_q <= LAST_RESOURCE_BYTE);
    end
  end
`endif
endmodule
`default_nettype wire
