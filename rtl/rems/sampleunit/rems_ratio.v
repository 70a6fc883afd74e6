`default_nettype none
// rems_ratio: one REMS self-normalising ratio counter pair (NBSIR 87-3663 section 3.4.1, Figure 4).
//
// Two 32-bit counts, the denominator D and the numerator N (N normally counts a subset of the events D
// counts), kept in the paper's form: the denominator register holds D with its most significant bit in the
// leftmost position; the position of the count's least significant bit (where the sliding incrementer adds
// one) moves one place to the right on every high-order carry out of the denominator register, the
// numerator register shifts right with it, and the 5-bit scale register counts the shifts. The report is
// then wires from fixed register bits: no divider, no barrel shifter, a new report after every clock.
//
// Register form (W = MANT): at reset the incrementer sits at bit 32-W, so the top W bits of the 32-bit
// registers hold D and N exactly while D < 2^W. When D reaches 2^W the carry out of bit 31 shifts both
// registers right and the incrementer moves to bit 31-W; in general, after s shifts, dreg = D << (32-W-s)
// and the top W bits are D >> s with s = max(0, bitlength(D) - W). After 32-W shifts the incrementer is at
// bit 0 and the registers hold all 32 bits of the counts. No count bit is ever lost: the bits below the
// incrementer are always zero (the implementation below stores them as ones, which changes nothing the
// report shows).
//
// Report (CLARIFICATIONS.md, REMS ratio counter), most significant bit first: exponent E (5 bits),
// denominator fraction F (W-1 bits, dreg[30 -: W-1]), numerator mantissa M (W bits, nreg[31 -: W]).
// E is the scale register: it becomes 1 when D reaches 2^(W-1) (dreg[31] first set, no shift) and
// increments on every shift, so E = 0 while D < 2^(W-1) and E = s + 1 otherwise.
//
// Saturation (counts never wrap): D sticks at 2^32-1 (a carry out of the register with the incrementer
// already at bit 0 is ignored). N sticks at all ones when its register would carry out without a shift of
// the pair (only possible when N exceeds D, a wiring error, or at 2^32-1); the sticky numerator flag keeps
// it all ones until a clear, so M stays 2^W-1.
//
// Clear: clear_i resets the pair; events in the same clock count in the new period (D and N then equal
// that clock's events), so that no event is lost between two measurement periods.
//
// Preset: load_i writes the raw register image (used by tests to start near 2^32 without 2^32 clocks, and
// by nothing else; tie load_i low and synthesis removes it). The image must be one the counter can reach
// (model/ratio_model.c computes it); load_i takes precedence over clear_i and events.
//
// Clock domain: clk_i; rst_ni synchronous, active low (as rtl/rems/matcher/rems_matcher.v). Events are clock
// enables sampled at the rising edge. Latency: an event at edge t shows in report_o after edge t.
// Speed: the carry chains are at most 14 bits (two halves of the tail, the window), each from registers into
// the next-state multiplexer; every control decision comes from registered, predicted flags (below).
// docs/rems-ratio.md has the place-and-route figures.
// Parameters: MANT, the mantissa width W (6 or 14).
module rems_ratio #(
  parameter MANT = 6  // mantissa width W: 6 gives the 16-bit report, 14 the 32-bit high-precision one
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire              den_i,     // denominator event this clock
  input  wire              num_i,     // numerator event this clock
  input  wire              clear_i,   // start a new measurement period (selective trigger)
  output wire [2*MANT+3:0] report_o,  // {E[4:0], F[MANT-2:0], M[MANT-1:0]}
  // raw register preset (tests only; tie load_i to 0)
  input  wire              load_i,
  input  wire [31:0]       load_dreg_i,
  input  wire [31:0]       load_nreg_i,
  input  wire [31:0]       load_low_i,   // thermometer: ones below the incrementer position
  input  wire [4:0]        load_exp_i,
  input  wire              load_nsat_i
);
  initial begin
    if (MANT != 6 && MANT != 14) begin $error("rems_ratio: MANT must be 6 or 14"); $finish; end
  end

  // Q: the lowest bit of the W-bit report window (bits 31 .. Q). At reset the incrementer sits at bit Q,
  // and every bit below it is "below the incrementer".
  localparam Q = 32 - MANT;
  localparam [31:0] INC_RESET = 32'h1 << Q;
  localparam [31:0] LOW_RESET = INC_RESET - 32'h1;
  localparam H = Q / 2;   // the tail's carry chain is split here too

  // The registers hold each count with ones instead of zeros below the incrementer (td = dreg | low,
  // tn = nreg | low). Adding one at the incrementer position is then a plain +1 of the whole word: the
  // ones below it ripple the carry up to it. The report bits (31 .. Q) are never below the incrementer, so
  // they read the counts directly.
  //
  // Speed: the +1 is split into three carry chains, bits H-1 .. 0, the rest of the tail (Q-1 .. H) and the
  // window (31 .. Q); each upper part adds the carry of the parts below from a registered flag "all ones
  // below". Those flags and "register all ones" (the high-order carry) are predicted one clock ahead from
  // the current registers: D + 2^p is all
  // ones (in a bit range) exactly when td XOR inc (inc = the incrementer's one-hot) is all ones there. So
  // every decision (shift, saturate, carry into the window) comes from registers through one LUT, and no
  // flag waits for a carry chain.
  reg [31:0] td_q, td_d;       // denominator | low
  reg [31:0] tn_q, tn_d;       // numerator | low (all ones once saturated)
  reg [31:0] low_q, low_d;     // ones below the incrementer position
  reg [31:0] inc_q, inc_d;     // the sliding incrementer: one-hot at its position
  reg [4:0]  exp_q, exp_d;     // scale factor register: the common exponent E
  reg        nsat_q, nsat_d;   // numerator saturated (sticky until clear)
  reg        dlow_q, dlow_d;   // &td_q[H-1:0]: a +1 carries into bit H
  reg        dtail_q, dtail_d; // &td_q[Q-1:0]: a +1 carries into the window
  reg        dall_q, dall_d;   // &td_q: a +1 carries out of the register (high-order carry)
  reg        nlow_q, nlow_d;   // the same for tn
  reg        ntail_q, ntail_d;
  reg        nall_q, nall_d;

  wire [31:0] dinc = {td_q[31:Q] + {{(MANT-1){1'b0}}, dtail_q}, td_q[Q-1:H] + {{(Q-H-1){1'b0}}, dlow_q},
                      td_q[H-1:0] + {{(H-1){1'b0}}, 1'b1}};
  wire [31:0] ninc = {tn_q[31:Q] + {{(MANT-1){1'b0}}, ntail_q}, tn_q[Q-1:H] + {{(Q-H-1){1'b0}}, nlow_q},
                      tn_q[H-1:0] + {{(H-1){1'b0}}, 1'b1}};
  wire [31:0] dx = td_q ^ inc_q;   // all ones in a range <=> D + 2^p is all ones there
  wire [31:0] nx = tn_q ^ inc_q;
  wire at_lsb = inc_q[0];          // the incrementer is at bit 0: the pair holds 32 full bits
  wire shift  = !clear_i && den_i && dall_q && !at_lsb;
  wire dstep  = den_i && !dall_q;  // a plain increment of D (a carry out at bit 0 is saturation)
  wire [31:0] nsel = num_i ? (ninc | low_q) : tn_q;   // the numerator with this clock's event

  always @* begin
    td_d    = td_q;
    tn_d    = tn_q;
    low_d   = low_q;
    inc_d   = inc_q;
    exp_d   = exp_q;
    nsat_d  = nsat_q;
    dlow_d  = dlow_q;
    dtail_d = dtail_q;
    dall_d  = dall_q;
    nlow_d  = nlow_q;
    ntail_d = ntail_q;
    nall_d  = nall_q;

    if (clear_i) begin
      // the new period starts with this clock's events; one event is far below 2^(W-1): E = 0
      td_d    = (den_i ? INC_RESET : 32'd0) | LOW_RESET;
      tn_d    = (num_i ? INC_RESET : 32'd0) | LOW_RESET;
      low_d   = LOW_RESET;
      inc_d   = INC_RESET;
      exp_d   = 5'd0;
      nsat_d  = 1'b0;
      dlow_d  = 1'b1;
      dtail_d = 1'b1;
      dall_d  = 1'b0;
      nlow_d  = 1'b1;
      ntail_d = 1'b1;
      nall_d  = 1'b0;
    end else if (shift) begin
      // High-order carry of the denominator: D was all ones from the incrementer up, so D + 1 shifted
      // right is the single leftmost one; the numerator moves right with it, its own carry entering on top.
      low_d   = {1'b0, low_q[31:1]};
      inc_d   = {1'b0, inc_q[31:1]};
      td_d    = 32'h8000_0000 | low_d;
      exp_d   = exp_q + 5'd1;
      dlow_d  = low_q[H];   // zeros between the leftmost one and the incrementer, ones below it
      dtail_d = 1'b0;
      dall_d  = 1'b0;
      if (nsat_q) begin
        tn_d = 32'hffff_ffff;
      end else begin
        tn_d    = {num_i && nall_q, nsel[31:1]};
        nlow_d  = num_i ? (&nx[H:0]) : (&tn_q[H:0]);
        ntail_d = num_i ? (&nx[Q:0]) : (&tn_q[Q:0]);
        nall_d  = 1'b0;
      end
    end else begin
      if (dstep) begin
        td_d    = dinc | low_q;
        dlow_d  = &dx[H-1:0];
        dtail_d = &dx[Q-1:0];
        dall_d  = &dx;
        // D reaching 2^(W-1): the leading one enters the top bit and E leaves 0, without a shift (E = 0
        // means no shift yet, so D = 2^(W-1)-1 is the window 0111..1).
        if (!td_q[31] && (&td_q[30:Q])) exp_d = 5'd1;
      end
      if (nsat_q || (num_i && nall_q)) begin
        tn_d    = 32'hffff_ffff;
        nsat_d  = 1'b1;
        nlow_d  = 1'b1;
        ntail_d = 1'b1;
        nall_d  = 1'b1;
      end else if (num_i) begin
        tn_d    = ninc | low_q;
        nlow_d  = &nx[H-1:0];
        ntail_d = &nx[Q-1:0];
        nall_d  = &nx;
      end
    end

    if (load_i) begin
      td_d    = load_dreg_i | load_low_i;
      tn_d    = load_nsat_i ? 32'hffff_ffff : (load_nreg_i | load_low_i);
      low_d   = load_low_i;
      inc_d   = ~load_low_i & {load_low_i[30:0], 1'b1};
      exp_d   = load_exp_i;
      nsat_d  = load_nsat_i;
      dlow_d  = &td_d[H-1:0];
      dtail_d = &td_d[Q-1:0];
      dall_d  = &td_d;
      nlow_d  = &tn_d[H-1:0];
      ntail_d = &tn_d[Q-1:0];
      nall_d  = &tn_d;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      td_q    <= LOW_RESET;
      tn_q    <= LOW_RESET;
      low_q   <= LOW_RESET;
      inc_q   <= INC_RESET;
      exp_q   <= 5'd0;
      nsat_q  <= 1'b0;
      dlow_q  <= 1'b1;
      dtail_q <= 1'b1;
      dall_q  <= 1'b0;
      nlow_q  <= 1'b1;
      ntail_q <= 1'b1;
      nall_q  <= 1'b0;
    end else begin
      td_q    <= td_d;
      tn_q    <= tn_d;
      low_q   <= low_d;
      inc_q   <= inc_d;
      exp_q   <= exp_d;
      nsat_q  <= nsat_d;
      dlow_q  <= dlow_d;
      dtail_q <= dtail_d;
      dall_q  <= dall_d;
      nlow_q  <= nlow_d;
      ntail_q <= ntail_d;
      nall_q  <= nall_d;
    end
  end

  assign report_o = {exp_q, td_q[30 -: MANT-1], tn_q[31 -: MANT]};

  // nsel[0] falls off in a shift (the bit below the incrementer, always one).
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_ok = &{1'b0, nsel[0]};
  /* verilator lint_on UNUSEDSIGNAL */

`ifdef FORMAL
  reg past_valid_q = 1'b0;
  always @(posedge clk_i) past_valid_q <= 1'b1;
  always @* if (!past_valid_q) assume(!rst_ni);
  always @* assume(!load_i);   // a preset image is the test's responsibility
  always @* if (past_valid_q && rst_ni) begin
    // the bits below the incrementer are ones in both registers; inc is the one-hot above them
    assert((td_q & low_q) == low_q);
    assert((tn_q & low_q) == low_q);
    assert(inc_q == (~low_q & {low_q[30:0], 1'b1}));
    // the predicted flags are the facts they stand for
    assert(dlow_q == &td_q[H-1:0] && dtail_q == &td_q[Q-1:0] && dall_q == &td_q);
    assert(nlow_q == &tn_q[H-1:0] && ntail_q == &tn_q[Q-1:0] && nall_q == &tn_q);
    // once E > 0 the denominator's leading one is the leftmost bit
    assert(exp_q == 5'd0 || td_q[31]);
    assert(exp_q <= 5'd0 + (33 - MANT));
    // (k-induction) the bits below the incrementer are a thermometer set by the shifts: E = 0 or 1 means no
    // shift yet, E = s + 1 after s shifts; a saturated numerator is all ones
    assert((low_q & (low_q + 32'd1)) == 32'd0);
    assert((exp_q == 5'd0) == !td_q[31]);
    assert(low_q == ((exp_q == 5'd0) ? LOW_RESET : (LOW_RESET >> (exp_q - 5'd1))));
    if (nsat_q) assert(&tn_q);
  end
  // never wraps: once the denominator register is all ones with the incrementer at bit 0 (D = 2^32-1) it
  // stays so until a clear; the numerator, saturated, stays all ones until a clear
  reg f_dfull_q = 1'b0, f_nsat_q = 1'b0;
  always @(posedge clk_i) begin
    f_dfull_q <= rst_ni && !clear_i && &td_q && inc_q[0];
    f_nsat_q  <= rst_ni && !clear_i && nsat_q;
  end
  always @* if (past_valid_q && rst_ni) begin
    if (f_dfull_q) assert(&td_q && inc_q[0] && report_o[2*MANT+3 -: 5] == 5'd0 + (33 - MANT));
    if (f_nsat_q) assert(nsat_q && &report_o[MANT-1:0]);
  end
  // The registers hold the true counts: f_d and f_n count the events since the last clear (D saturating at
  // 2^32-1, N flagged when it leaves the register); after s shifts dreg = D << (32-W-s) and
  // nreg = N << (32-W-s) with no bit lost, so the report's F and M are D and N with their low s bits cut
  // (the decoded values the accuracy bound of docs/rems-ratio.md is about).
  reg [31:0] f_d = 32'd0, f_n = 32'd0;
  reg        f_n_over = 1'b0;
  always @(posedge clk_i) begin
    if (!rst_ni) begin f_d <= 32'd0; f_n <= 32'd0; f_n_over <= 1'b0; end
    else if (clear_i) begin f_d <= {31'd0, den_i}; f_n <= {31'd0, num_i}; f_n_over <= 1'b0; end
    else begin
      if (den_i && !(&f_d)) f_d <= f_d + 32'd1;
      if (num_i) begin f_n <= f_n + 32'd1; if (&f_n) f_n_over <= 1'b1; end
    end
  end
  wire [4:0] f_s = (exp_q == 5'd0) ? 5'd0 : exp_q - 5'd1;   // shifts so far
  wire [5:0] f_sh = 6'd32 - MANT[5:0] - {1'b0, f_s};          // position of the incrementer
  always @* if (past_valid_q && rst_ni) begin
    assert((td_q & ~low_q) == (f_d << f_sh));
    assert(((f_d << f_sh) >> f_sh) == f_d);
    if (!nsat_q) assert(!f_n_over && (tn_q & ~low_q) == (f_n << f_sh) && ((f_n << f_sh) >> f_sh) == f_n);
    // once E > 0, D has exactly W + s bits: D >= 2^(W-1+s). With the two lines above this gives the bound
    // |N'/D' - N/D| < 2^s / D' <= 2^-(W-1) for N <= D (docs/formal.md, ratio counter).
    if (exp_q != 5'd0) assert((f_d >> (MANT[5:0] - 6'd1 + {1'b0, f_s})) != 32'd0);
  end
  always @* if (past_valid_q && rst_ni) begin
    // (D = 2^32-1 is 2^32 events away from reset: beyond any bounded search; the induction covers it)
    cover(exp_q == 5'd1 && tn_q[31]);
  end
`endif
endmodule
`default_nettype wire
