`default_nettype none
`include "mk2_regmap.vh"
// mk2_network: the Collection Network output: NETCLK, N7..N0, ODD_PARITY, EOM, FIFODAB, NETRDY.
//
// Clock domain: clk_i. NETCLK toggles at every edge (node/2, low in reset). At an edge where NETCLK falls
// (a "present" edge) the next byte is put on the pins with FIFODAB low, provided NETRDY and OUTDISB are
// high, the output is enabled (test addresses 19/20), no read-without-copy hold is pending, and a byte is
// waiting; the receiver takes it at the next edge, where NETCLK rises (a "take" edge). Bytes 1-20 come from
// the FIFO head, bytes 21-84 of a Resource sample from the shadows. The head is popped at the take edge
// of byte 20 and the shadows released at the take edge of byte 84, so back-to-back samples leave with no
// idle NETCLK. A software reset or a test-mode FIFO advance (truncate_i) cuts a sample short.
// Timing: a byte of the head is chosen by a 20-way multiplexer, a counter byte by a 64-way one
// (mk2_net_byte); both have one-hot flip-flop selects that move at the take edge. The byte is not
// registered whole: its eleven partial bytes (three of the head, eight of the shadows, each an 8-way
// AND-OR tree two LUT levels deep) are, at every present edge (their enable is NETCLK), and N7..N0 are
// their OR, masked while FIFODAB is high. The presentation decision reaches only the framing registers
// and that mask, and no flip-flop waits on more than two LUT levels of the multiplexers. N7..N0 and
// ODD_PARITY are two and four LUT levels after flip-flops: they change only after a present edge (or a
// truncation) and may glitch there; output flip-flops on the board (docs/decisions.md D6.2) if needed.
// The pop (pop_o) is a flip-flop of its own, loaded one edge ahead, because it is the FIFO RAM's read
// address's select.
// Latency: a sample pushed into an empty FIFO at edge a shows its first byte at the first present edge
// after a. No parameters.
module mk2_network (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         soft_reset_i,
  input  wire         truncate_i,      // software reset or test-mode FIFO advance at this edge
  input  wire         disable_i,       // test-mode write to 19 at this edge
  input  wire         enable_i,        // test-mode write to 20 at this edge
  input  wire         hold_i,          // read-without-copy on busy shadows at this edge
  // sample sources
  input  wire         fifo_nonempty_i, // the FIFO holds an entry
  input  wire [`MK2_ENTRY_WIDTH-1:0] head_i,
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
  localparam [6:0] LAST_TRACE_BYTE    = `MK2_TRACE_SAMPLE_BYTES - 1,
                   FIRST_COUNTER_BYTE = `MK2_TRACE_SAMPLE_BYTES,
                   LAST_RESOURCE_BYTE = `MK2_RESOURCE_SAMPLE_BYTES - 1;

  reg       netclk_q, netclk_d;
  reg       presented_q, presented_d;  // a byte is on the pins (FIFODAB low)
  reg [6:0] index_q, index_d;          // byte being presented, or next to present (0..83)
  reg [87:0] parts_q, parts_d;         // the presented byte in parts (mk2_net_byte); N7..N0 are their OR
  reg       eom_q, eom_d;
  reg       enabled_q, enabled_d;
  reg       hold_q, hold_d;

  wire        present_edge = netclk_q;     // NETCLK falls at this edge
  wire        take_edge    = !netclk_q;    // NETCLK rises at this edge
  wire        resource     = head_i[`MK2_ENTRY_RESOURCE_BIT];
  // Decodes of the index, registered from index_d: "sending bytes 21-84" and which head byte (one-hot),
  // so the byte multiplexers are AND-OR trees with flip-flop selects.
  reg         in_counters_q, in_counters_d;
  reg  [19:0] head_sel_q, head_sel_d;      // bit i: index_q == i (bytes 1-20)
  wire        in_counters  = in_counters_q;
  wire        byte_waiting = in_counters || fifo_nonempty_i;
  wire        can_present  = netrdy_i && outdisb_i && enabled_q && !hold_q && byte_waiting;
  // Bytes 1-20 come straight from the FIFO head (a 20-way multiplexer), bytes 21-84 straight from the
  // shadows (a 64-way one), as they are at the present edge: the shadows are normally busy while a
  // Resource sample is out, but a test-mode FIFO advance frees them, and a read-with-copy or a Resource
  // sample may then load them while a Resource entry is still on its way; its later bytes are the new
  // values (tb/mk2/scripts/net_shadow_reload.bus).
  // (mk2_net_byte, a hierarchy of its own so that ABC maps it at its own depth)
  wire [87:0] next_parts;  // head parts in bits 23..0, shadow parts in 87..24
  reg  [63:0] shadow_sel_q, shadow_sel_d;   // one-hot: bit k selects counter byte k (below)
  mk2_net_byte byte_mux (
    .head_i(head_i), .head_sel_i(head_sel_q), .shadow_i(shadow_i), .shadow_sel_i(shadow_sel_q),
    .parts_o(next_parts));
  wire        last_byte    = (index_q == LAST_TRACE_BYTE && !resource) || index_q == LAST_RESOURCE_BYTE;
  wire        taking       = take_edge && presented_q;
  // pop_o registered one edge ahead (its value at the next edge, from the next state), so that the FIFO's
  // read address waits on a flip-flop, not on NETCLK, FIFODAB and the head select through a LUT
  reg         pop_ahead_q, pop_ahead_d;

  always @* begin
    netclk_d    = !netclk_q;
    presented_d = presented_q;
    index_d     = index_q;
    parts_d     = parts_q;
    eom_d       = eom_q;
    enabled_d   = enabled_q;
    hold_d      = hold_q;

    if (present_edge) begin
      hold_d      = 1'b0;
      presented_d = can_present;
      // past byte 20 the head select is 0, so the head parts are; before it the shadow select still
      // names a counter byte, so the shadow parts are cleared there
      parts_d     = {in_counters ? next_parts[87:24] : 64'd0, next_parts[23:0]};
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

    if (disable_i) enabled_d = 1'b0;
    if (enable_i)  enabled_d = 1'b1;

    if (truncate_i) begin
      presented_d = 1'b0;
      index_d     = 7'd0;
      eom_d       = 1'b0;
      hold_d      = 1'b0;
    end
    if (soft_reset_i) enabled_d = 1'b1;
  end

  // Counter byte k (0..63) is shadow bits 511-8k..504-8k; only indexes 20..83 ever use it. The byte the
  // multiplexer selects is index_q - 20 (modulo 64), kept one-hot in shadow_sel_q, so the 64-way
  // multiplexer starts from flip-flops. Its next value needs no arithmetic and no decoder: a taken byte
  // moves it one byte on, as it moves the index; the end of a sample selects byte 0 of index 0. Both are
  // decided by flip-flops (NETCLK, FIFODAB, EOM), so the 64 clock enables wait on no pin. A truncation
  // (software reset, test-mode FIFO advance) is a bus decision of this edge; the select follows it one
  // edge late (truncated_q), so that decision does not reach 64 clock enables either. The select of the
  // edge after a truncation is never used: the index is 0 then, and counter bytes come 20 bytes later.
  reg         truncated_q;                  // truncate_i was high at the last edge
  localparam [5:0] SEL_AT_INDEX0 = 6'd0 - FIRST_COUNTER_BYTE[5:0];
  // A sample ends where its last byte is taken: the byte on the pins carries EOM (eom_q, registered where
  // it was presented), so the end needs no index comparison.
  wire       sample_end    = taking && eom_q;
  wire       index_restart = truncate_i || sample_end;
  always @* begin
    // one clock enable for the 64 select bits, and one LUT per bit behind it
    shadow_sel_d   = shadow_sel_q;
    if (taking || truncated_q)
      shadow_sel_d = (truncated_q || eom_q) ? 64'd1 << SEL_AT_INDEX0 : {shadow_sel_q[62:0], shadow_sel_q[63]};
    // The index decodes follow the index without its arithmetic either: a taken byte moves the head
    // select one byte on (past byte 20 it is empty) and enters the counter bytes after byte 20 (a
    // Trace sample restarts there instead); a restart selects head byte 1.
    head_sel_d    = head_sel_q;
    in_counters_d = in_counters_q;
    if (taking) begin
      head_sel_d = {head_sel_q[18:0], 1'b0};
      if (head_sel_q[19]) in_counters_d = 1'b1;
    end
    if (index_restart) begin
      head_sel_d    = 20'd1;
      in_counters_d = 1'b0;
    end
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      shadow_sel_q       <= 64'd1 << SEL_AT_INDEX0;
      truncated_q        <= 1'b0;
      in_counters_q      <= 1'b0;
      head_sel_q         <= 20'd1;
    end else begin
      shadow_sel_q       <= shadow_sel_d;
      truncated_q        <= truncate_i;
      in_counters_q      <= in_counters_d;
      head_sel_q         <= head_sel_d;
    end
  end
  always @* pop_ahead_d = !netclk_d && presented_d && head_sel_d[19];
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) pop_ahead_q <= 1'b0;
    else         pop_ahead_q <= pop_ahead_d;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      netclk_q    <= 1'b0;
      presented_q <= 1'b0;
      index_q     <= 7'd0;
      parts_q     <= 88'd0;
      eom_q       <= 1'b0;
      enabled_q   <= 1'b1;
      hold_q      <= 1'b0;
    end else begin
      netclk_q    <= netclk_d;
      presented_q <= presented_d;
      index_q     <= index_d;
      parts_q     <= parts_d;
      eom_q       <= eom_d;
      enabled_q   <= enabled_d;
      hold_q      <= hold_d;
    end
  end

  // Byte 20 and byte 84 from registered decodes, not from index comparisons: the FIFO's count, full flag
  // and read address and the shadows' busy flag follow them at this edge. Byte 20 is taken where
  // head_sel_q[19] (index_q == 19) is and NETCLK rises (pop_ahead_q); past byte 20 only a Resource
  // sample's last byte carries EOM (the formal set below checks both).
  assign pop_o            = pop_ahead_q;
  assign shadow_release_o = taking && in_counters_q && eom_q;
  assign netclk_o         = netclk_q;
  assign fifodab_o        = !presented_q;
  // The pins show the byte only while it is presented (FIFODAB low) and 0 otherwise. The parts are loaded
  // at every present edge whether or not a byte is presented, and the pins mask their OR with
  // presented_q: the presentation decision (NETRDY, OUTDISB, the hold, a truncation) then reaches
  // presented_q and the mask, not the byte multiplexers.
  reg  [7:0]  presented_byte;
  integer     part;
  always @* begin
    presented_byte = 8'd0;
    for (part = 0; part < 11; part = part + 1) presented_byte = presented_byte | parts_q[8*part +: 8];
  end
  assign data_o           = presented_q ? presented_byte : 8'd0;
  assign parity_o         = ~^data_o;   // odd parity over the 8 data bits
  assign eom_o            = eom_q;
  assign busy_o           = presented_q || index_q != 7'd0;
  assign counter_phase_o  = in_counters;

`ifdef FORMAL
  // Properties (make formal, docs/formal.md): framing of every byte on the pins, by k-induction.
`include "mk2_formal_env.vh"

  // The chip around it: a software reset always truncates; the FIFO head stays while the FIFO is not
  // empty and nothing removes it (only the network's pop, a truncation or a software reset do).
  always @* if (soft_reset_i) `MK2_ENV(truncate_i);
  // (combinational, so that they hold in the last step of a trace too)
  reg f_head_kept_q = 1'b0, f_head_resource_q = 1'b0;
  always @(posedge clk_i) begin
    f_head_kept_q     <= rst_ni && fifo_nonempty_i && !pop_o && !truncate_i;
    f_head_resource_q <= head_i[160];
  end
  always @* if (past_valid_q && rst_ni && f_head_kept_q) begin
    `MK2_ENV(fifo_nonempty_i);
    `MK2_ENV(head_i[160] == f_head_resource_q);
  end

  // f_taken: bytes of the current sample taken so far; f_resource: its type, the head's 161st bit when
  // its first byte was presented. Both count from the pins' point of view, independently of index_q.
  reg [6:0] f_taken_q = 7'd0;
  reg       f_resource_q = 1'b0;
  always @(posedge clk_i) begin
    if (!rst_ni || truncate_i) f_taken_q <= 7'd0;
    else if (taking) f_taken_q <= eom_q ? 7'd0 : f_taken_q + 7'd1;
    if (rst_ni && present_edge && can_present && f_taken_q == 7'd0 && !truncate_i) f_resource_q <= resource;
  end

  always @* if (past_valid_q && rst_ni) begin
    // the registered multiplexer select is the index's
    // (except at the edge after a truncation, whose select is not used)
    if (!truncated_q)
      assert(shadow_sel_q == (64'd1 << (SEL_AT_INDEX0 + index_q[5:0])));
    if (truncated_q) assert(index_q == 7'd0 && !in_counters);
    assert(in_counters_q == (index_q >= FIRST_COUNTER_BYTE));
    assert(head_sel_q == ((index_q < 7'd20) ? (20'd1 << index_q[4:0]) : 20'd0));
    // the byte being taken carries EOM exactly when it is the sample's last (index_restart relies on it)
    if (taking) assert(eom_q == last_byte);
    // parity is odd over N7..N0 and ODD_PARITY, whatever is on the pins
    assert(^{data_o, parity_o} == 1'b1);
    // EOM exactly on byte 20 of a Trace sample and byte 84 of a Resource sample: a byte on the pins while
    // NETCLK is low is taken where it rises (after that edge the pins still show it until the next fall)
    if (!fifodab_o && !netclk_o)
      assert(eom_o == ((f_taken_q == 7'd19 && !f_resource_q) || (f_taken_q == 7'd83 && f_resource_q)));
    if (fifodab_o) assert(!eom_o && data_o == 8'd0);
    // invariants: the index is the byte count; counter bytes belong to a Resource sample
    assert(index_q == f_taken_q);
    assert(index_q <= LAST_RESOURCE_BYTE);
    if (index_q > LAST_TRACE_BYTE) assert(f_resource_q);
    if (index_q != 7'd0 || (presented_q && !netclk_o)) assert(in_counters || resource == f_resource_q);
    // while bytes 1-20 are on their way the head has been kept since the last edge (for the induction)
    if (!in_counters && (index_q != 7'd0 || (presented_q && !netclk_o))) assert(f_head_kept_q);
    // a byte of the FIFO head is only taken while the FIFO holds it: never a pop of an empty FIFO
    if (presented_q && !netclk_o && !in_counters) assert(fifo_nonempty_i);
    if (pop_o) assert(fifo_nonempty_i);
    assert(pop_o == (taking && index_q == LAST_TRACE_BYTE));
    assert(shadow_release_o == (taking && index_q == LAST_RESOURCE_BYTE));
  end

  always @(posedge clk_i) begin
    if (past_valid_q && rst_ni && $past(rst_ni)) begin
      // FIFODAB only changes where NETCLK falls (or when a reset cuts the sample short).
      if (fifodab_o != $past(fifodab_o) && !$past(truncate_i)) assert(!netclk_o);
      // D6.2: NETRDY is sampled at the present edge (NETCLK falls); a byte is on the pins at the next
      // NETCLK rise only if NETRDY (and OUTDISB) were high at that present edge.
      if (!fifodab_o && !netclk_o) assert($past(netrdy_i) && $past(outdisb_i));
      // A byte leaves on every NETCLK period while NETRDY is high and a sample waits (network enabled, no
      // read-without-copy hold, no truncation).
      if ($past(present_edge) && $past(netrdy_i) && $past(outdisb_i) && $past(enabled_q) && !$past(hold_q)
          && ($past(fifo_nonempty_i) || $past(in_counters)) && !$past(truncate_i))
        assert(!fifodab_o);
      // the pins change only at a present edge
      if (!$past(present_edge) && !$past(truncate_i))
        assert(data_o == $past(data_o) && eom_o == $past(eom_o) && fifodab_o == $past(fifodab_o));
    end
  end

  // The byte on the pins is the one its index names, from the source as it was at the edge that presented
  // it: head byte index + 1 (bytes 1-20), or counter byte index - 20 of the shadows (bytes 21-84). Written
  // from the index, not from the one-hot selects, so that it checks them and the multiplexers.
  reg [7:0] f_byte_q = 8'd0;
  integer   f_k;
  always @(posedge clk_i) begin
    f_k = index_q;
    f_byte_q <= (f_k >= FIRST_COUNTER_BYTE) ? shadow_i[511 - 8*(f_k - FIRST_COUNTER_BYTE) -: 8]
                                              : head_i[`MK2_ENTRY_HEADER_MSB - 8*f_k -: 8];
  end
  always @* if (past_valid_q && rst_ni && !fifodab_o && !netclk_o) assert(data_o == f_byte_q);

  // covers (reachable within the cover depth; a sample's EOM needs 40 or 168 node clocks, beyond what the
  // solver reaches in minutes): a byte presented, bytes taken in a row, a byte refused for NETRDY low
  always @* if (past_valid_q && rst_ni) begin
    cover(!fifodab_o && !netclk_o);
    cover(!fifodab_o && !netclk_o && f_taken_q == 7'd3);
  end
  always @(posedge clk_i) if (past_valid_q && rst_ni && $past(rst_ni))
    cover($past(present_edge && !netrdy_i && fifo_nonempty_i) && fifodab_o);
`endif
endmodule
`default_nettype wire
