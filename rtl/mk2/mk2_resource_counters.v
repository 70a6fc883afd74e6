`default_nettype none
`include "mk2_regmap.vh"
// mk2_resource_counters: the 16 Resource Counters, their Mode, Clock Select and Enable registers
// (Tables B5-B7), the /10 and /100 prescalers, and the shadow registers.
//
// Clock domain: clk_i. Counting sources (docs/decisions.md D4.1): node clock, node/10, node/100, the
// synchronized Timestamp clock edge, synchronized rising edges of Xj, the selected clock gated by the
// synchronized level of Xj, and software increments (writes to 80-95). An even counter whose mode has
// bit 3 set forms a 64-bit pair with the next odd counter. Counts saturate at all ones.
// Shadows: a Resource sample (shadow_copy_i) or a read-with-copy on free shadows copies every counter at
// the action edge; a sample marks the shadows busy until shadow_release_i (the network sent byte 84, or a
// test-mode FIFO advance) or a reset. A read-with-copy on busy shadows waits (stall_o) when read-wait
// is on, else returns the stale shadow.
// Timing: every adder is 32 bits; a pair's upper half adds the lower half's all-ones carry, so no carry
// chain is longer than 32 bits. Whether a half is all ones (saturation, and the pair's carry) is a
// flip-flop per half (full_q), predicted from the half's next value, so no 32-input AND sits in front of
// a counter's clock enable. Every processor write here (counter value, software increment, Enable,
// Mode, Clock Select) is decoded one edge ahead from the bus interface's next request into one-hot
// flip-flops, so an adder's write select and a counter's clear come straight from a flip-flop: no bus
// decision feeds a carry chain in the same clock.
// Parameters: COUNT_AHEAD: 1 (the default), the configuration's part of the count decision (each
// counter's source kinds, Software mode) is registered one edge ahead, from the configuration's next
// value, and the decision is three LUT levels in front of the counters' clock enables (docs/fpga.md
// "Ninth round"); 0, the same terms are formed from the configuration registers at the edge: about 170
// iCE40 logic cells fewer (the evaluation top: 4812 against 4981) and up to three LUT levels deeper, for
// a full part at a low node clock (the iCEBreaker board top). The pins do not tell the two apart.
module mk2_resource_counters #(
  parameter COUNT_AHEAD = 1
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         soft_reset_i,
  input  wire         soft_reset_next_i, // the software reset acts at the next edge (soft_reset_i's next value)
  input  wire         testb_i,        // TESTB, low: test mode (D7.1, D4.2); only the count decision reads it
  // processor interface
  input  wire         req_i,          // an action is attempted at this edge (formal only, below)
  input  wire        ann_start_i,    // a request is presented at the next edge: the pins' (mk2_bus_if)
  input  wire [`MK2_ADDR_COUNT-1:0] ann_write_i, // a write to address a is presented at the next edge (mk2_bus_if)
  input  wire        start_enable_i, // ... from the pins, to the Enable register (mk2_bus_if's start_write_o)
  input  wire        ann_wait_i,     // a request is presented at the next edge: the latched one
  input  wire        start_i,        // an interaction starts at this edge (its address: pin_addr_i)
  input  wire        pin_write_i,
  input  wire [6:0]  pin_addr_i,
  input  wire         act_write_i,
  input  wire [6:0]   act_addr_i,
  input  wire [63:0]  act_data_i,
  input  wire         act_ones32_i,   // act_data_i[31:0] is all ones (a flip-flop in mk2_bus_if)
  input  wire [63:0]  pin_data_i,     // the pins' write data (act_data_i at the next edge after ann_start_i)
  input  wire         attempt_copy_i, // a read of 64-79 (its class decoded at its start) is attempted now
  input  wire         read_wait_i,    // CSR: wait on read-with-copy while shadows busy
  output wire         stall_o,
  // The read value is rdata_o | {32'd0, word_o}: 0 unless the latched address is 8, 10, 12 or 64-95
  // (rd_owner_o). The counter word comes apart so that the chip can register it apart (mk2_bus_if).
  output wire [63:0]  rdata_o,        // but for D31..D0 of a counter read
  output wire         rd_owner_o,
  output wire [31:0]  word_o,         // D31..D0 of a counter read (64-95), 0 for other addresses
  // sources (already synchronized)
  input  wire [15:0]  ext_level_i,
  input  wire [15:0]  ext_prev_i,     // ext_level_i one edge earlier (a rising edge: level and not prev)
  input  wire         ts_level_i,     // the Timestamp clock
  input  wire         ts_prev_i,      // ts_level_i one edge earlier
  // shadows
  input  wire         shadow_copy_i,    // a Resource sample is taken at this edge
  input  wire         shadow_release_i, // the shadows are free from the next edge
  output wire         shadow_busy_o,
  output wire [511:0] shadow_o          // counter 0 in bits 511:480 ... counter 15 in bits 31:0
);
  initial begin
    if (COUNT_AHEAD != 0 && COUNT_AHEAD != 1) begin
      $error("%m: COUNT_AHEAD must be 0 or 1");
      $finish;
    end
  end
  // Reset values (CLARIFICATIONS, Tables B5-B7 defaults): External signal, single precision; Timestamp
  // clock; disabled.
  localparam [63:0] MODE_RESET  = {16{4'b0100}};
  localparam [63:0] CLOCK_RESET = {16{4'b0100}};

  reg [511:0] count_q, count_d;   // counter j in bits 32j+31..32j
  reg [511:0] shadow_q, shadow_d; // same layout
  reg [63:0]  mode_q, mode_d;
  reg [63:0]  clock_q, clock_d;
  reg [15:0]  enable_q, enable_d;
  reg [15:0]  full_q, full_d;     // half j (count_q[32j+31:32j]) is all ones
  reg         busy_q, busy_d;
  reg [3:0]   div10_q, div10_d;
  reg [3:0]   div100_q, div100_d;

  // Writes never wait (only sample writes and reads-with-copy can), so a write acts at the edge after the
  // bus interface announces it (ann_start_i, ann_wait_i). The decodes below are registered at that announcement: at the
  // action edge each is a flip-flop, one-hot over the counters where it selects one.
  reg  [15:0] half_write_q, half_write_d;   // a processor write to counter (half) p acts at this edge
  reg  [15:0] sw_inc_q, sw_inc_d;           // a software increment (write to 80 + p) acts at this edge
  reg         wr_enable_q, wr_enable_d;     // a write to the Enable register acts at this edge
  reg         wr_mode_q, wr_mode_d;
  reg         wr_clock_q, wr_clock_d;
  // The written value's field f is not x000 (a Mode or Clock Select field that is not a NOP), decoded with
  // the write selects, so that each field's next configuration is one LUT level from flip-flops.
  reg  [15:0] field_nz_q, field_nz_d;
  reg  [15:0] field_nz_now;
  // Registered only where the next configuration is formed ahead (COUNT_AHEAD); else the AND with the
  // write select costs no LUT of its own.
  wire [15:0] field_nz = COUNT_AHEAD ? field_nz_q : field_nz_now;

  // The prescalers' ticks are registered (decoded from the next count) so each counter's source
  // selection starts from flip-flops.
  reg  tick10_q, tick10_d, tick100_q, tick100_d;
  wire tick10  = tick10_q;
  wire tick100 = tick100_q;
  // The next ticks are themselves decoded from flip-flops (the counts one step before a tick), so that
  // the tick registers are loaded through one LUT level, not from the prescalers' adders.
  reg  div10_at8_q, div10_at8_d, div100_at9_q, div100_at9_d;
  reg  div_at89_q, div_at89_d;  // both: tick100_d but for the software reset (the count decision's kinds)

  // Enable field 11 (Reset&Enable) written for the counter at the next edge.
  reg [15:0] reset_enable_d;
  // The pins' request at the last edge, decoded for Reset&Enable: is an Enable write, and its field f is 11.
  // A wait state ends (ann_wait_i) exactly one edge after its start edge, where the latch took the pins
  // (and the 32-bit mode's substitution cannot change in between: no action acts), so at an edge with
  // ann_wait_i these are the latched request's.
  reg        lat_enable_q, lat_enable_d;
  reg [15:0] lat_reset_enable_q, lat_reset_enable_d;
  always @(posedge clk_i) begin
    lat_enable_q       <= lat_enable_d;
    lat_reset_enable_q <= lat_reset_enable_d;
  end
  integer j;
  always @* begin
    for (j = 0; j < 16; j = j + 1) begin
      half_write_d[j]  = ann_write_i[`MK2_ADDR_COUNTER_VALUE + j[6:0]];
      sw_inc_d[j]      = ann_write_i[`MK2_ADDR_COUNTER_SHADOW + j[6:0]];
    end
  end

  // Counter and shadow values are data, not control: they are cleared synchronously, by the internal
  // reset (already asserted asynchronously by reset_sync, and held for two edges after RESETB rises) or by
  // a software reset, and carry no asynchronous reset. On iCE40 and ECP5 a flip-flop with clock enable and
  // synchronous reset then takes the clear and the hold for free; with an asynchronous reset as well every
  // bit would need a LUT more (docs/decisions.md D1.6).
  // (The counters' clear is two flip-flops of their own, clear_q and soft_clear_q below.)
  wire clear_all = !rst_ni || soft_reset_i;

  // The count decision's registered inputs, per half (mk2_count_enable): what the configuration
  // decides, loaded with the configuration's next value, so that only the live inputs (synchronized
  // Timestamp clock and Xj, TESTB, full flags, write selects) are left for the decision at the edge. Each
  // includes the counter's Enable and is the counter's own; mk2_count_enable takes the pair bit and, for
  // External Enable, the Mode field's bit 1 from the Mode register as it is (both flip-flops), and lets the
  // odd half of a pair count on the even half's source. Only Software mode is the even counter's for both
  // halves of a pair here, and the clear.
  reg [15:0] src_tick_q, src_tick_d;  // enabled, CLK or External Enable mode, an internal clock ticking now
  reg [15:0] src_ts_q, src_ts_d;      // enabled, CLK or External Enable mode, the Timestamp clock
  reg [15:0] ext_edge_q, ext_edge_d;  // enabled, External signal mode
  reg [15:0] sw_mode_q, sw_mode_d;    // enabled, Software mode (for the odd half of a pair: the even's)
  // What they are formed from (below): with COUNT_AHEAD each field's next configuration, else the
  // configuration registers; field f's Mode and Clock Select bits 1:0 in bits 2f+1:2f.
  wire [15:0] kind_enable;
  wire [31:0] kind_mode, kind_clock;
  wire        kind_tick10, kind_tick100;  // the prescalers tick (at the next edge with COUNT_AHEAD)
  wire [7:0]  kind_pair;                  // pair p is a pair
  wire        kind_soft_reset;            // the software reset disables every counter (COUNT_AHEAD only)
  wire [15:0] internal_tick;              // its clock is an internal one that ticks
  wire [15:0] timestamp_clock;            // its clock is the Timestamp clock (x100)
  reg  [15:0] field_software;             // enabled and Software mode
  // the registered kinds with COUNT_AHEAD, else the same kinds formed now
  wire [15:0] src_tick = COUNT_AHEAD ? src_tick_q : src_tick_d;
  wire [15:0] src_ts   = COUNT_AHEAD ? src_ts_q : src_ts_d;
  wire [15:0] ext_edge = COUNT_AHEAD ? ext_edge_q : ext_edge_d;
  wire [15:0] sw_mode  = COUNT_AHEAD ? sw_mode_q : sw_mode_d;
  // The half is cleared at this edge: the internal reset, the software reset, or Reset&Enable of the
  // counter (of the even counter for both halves of a pair; the odd counter's clears nothing while paired,
  // D10.5). The internal reset sets it asynchronously; so it also clears at the first edge after the
  // reset, when every counter is still zero and can be neither written nor counted (Enable, the write
  // selects and these kinds are all still at their reset values), which no pin can tell apart.
  // Two flip-flops hold it: clear_q the internal reset and Reset&Enable of the counter itself, soft_clear_q
  // the software reset (a copy of the chip's, loaded from the same announced write), so that the pins'
  // software-reset decode reaches one flip-flop and Reset&Enable's decode no OR with it in front of 16.
  // The pair's choice (the odd half takes the even counter's clear) is made after clear_q, in the LUT
  // that ORs soft_clear_q, not in front of it: Mode cannot change at the edge where the clear acts (no
  // action acts at the edge that announces the Enable write), so the pair bit is the same at both edges.
  reg [15:0] clear_q, clear_d;
  reg        soft_clear_q;
  wire       soft_clear_d = soft_reset_next_i;
  reg [15:0] count_clear;
  integer c;
  always @* begin
    for (c = 0; c < 16; c = c + 2) begin
      count_clear[c]   = clear_q[c] || soft_clear_q;
      count_clear[c+1] = (mode_q[4*c + 3] ? clear_q[c] : clear_q[c+1]) || soft_clear_q;
    end
  end
  wire [15:0] half_write = half_write_q;  // a processor write to the half at this edge (address 64 + half)
  wire [15:0] count_en;                   // the half changes at this edge: cleared, written or counted
  genvar g;
  generate
    for (g = 0; g < 16; g = g + 1) begin : half_decision
      mk2_count_enable #(.HALF(g % 2)) decision (
        .src_tick_i(src_tick[2*(g/2) +: 2]), .src_ts_i(src_ts[2*(g/2) +: 2]),
        .ext_edge_i(ext_edge[2*(g/2) +: 2]), .sw_mode_i(sw_mode[g]), .clear_i(count_clear[g]),
        .sw_inc_i(sw_inc_q[2*(g/2) +: 2]),
        .gated_i({mode_q[8*(g/2) + 5], mode_q[8*(g/2) + 1]}), .paired_i(mode_q[8*(g/2) + 3]),
        .full_i(full_q[2*(g/2) +: 2]), .write_i(half_write_q[2*(g/2) +: 2]),
        .testb_i(testb_i), .ts_level_i(ts_level_i), .ts_prev_i(ts_prev_i),
        .ext_level_i(ext_level_i[2*(g/2) +: 2]), .ext_prev_i(ext_prev_i[2*(g/2) +: 2]),
        .count_en_o(count_en[g]));
    end
  endgenerate

  // The value a half takes when it changes: the write data (a processor write wins over a count at the
  // same edge, D4.3) or the half plus one. The adder's second operand is the half's write select on every
  // bit: with no write it is count + 0 + 1; with a write its sum is not used. So each bit's sum, write
  // multiplexer and carry fit one iCE40 logic cell (the write select shares the LUT input that the carry
  // uses), and the count, the saturation check and the clear act through the flip-flop's clock enable and
  // synchronous reset (halves hold when neither written nor counted).
  // (chain_increment adds a pass-through carry bit after every seven, so that nextpnr-ice40 keeps each
  // half's chain in one piece: see its header.)
  wire [511:0] half_sum;
  reg  [511:0] count_next;
  generate
    for (g = 0; g < 16; g = g + 1) begin : half
      chain_increment #(.WIDTH(32)) increment (
        .q_i(count_q[32*g +: 32]), .hold_i(half_write[g]), .sum_o(half_sum[32*g +: 32]));
    end
  endgenerate
  integer p;
  always @* begin
    for (p = 0; p < 16; p = p + 1)
      count_next[32*p +: 32] = half_write[p] ? act_data_i[31:0] : half_sum[32*p +: 32];
  end

  wire data_full = act_ones32_i;  // the write data's low word is all ones (a flip-flop in mk2_bus_if)
  // A read-with-copy loads free shadows: on free shadows it never stalls, so the request alone decides
  // (not whether it acts, whose stall term would add logic levels in front of 512 clock enables).
  wire shadow_load = shadow_copy_i || (attempt_copy_i && !busy_q);

  integer f;
  reg [2:0] ann_field;
  reg [32:0] changed;  // the full flag and the half
  always @* begin
    count_d  = count_q;
    shadow_d = shadow_q;
    mode_d   = mode_q;
    clock_d  = clock_q;
    enable_d = enable_q;
    busy_d   = busy_q;
    div10_d  = tick10 ? 4'd0 : div10_q + 4'd1;
    div100_d = tick10 ? (tick100 ? 4'd0 : div100_q + 4'd1) : div100_q;

    // A half that adds one becomes all ones exactly when all its bits but bit 0 are ones (the lower half of
    // a pair adds one when all ones as well, and wraps to zero).
    full_d = full_q;
    for (f = 0; f < 16; f = f + 1) begin
      // what the half and its full flag take when it changes and is not cleared
      changed = {half_write[f] ? data_full : &count_q[32*f+1 +: 31] && !count_q[32*f], count_next[32*f +: 32]};
`ifdef MK2_CLEAR_OVER_ENABLE
      // the clock enable is the count decision alone and the clear the flip-flops' reset over it
      if (count_en[f])    {full_d[f], count_d[32*f +: 32]} = changed;
      if (count_clear[f]) {full_d[f], count_d[32*f +: 32]} = 33'd0;
`else
      if (count_en[f])    {full_d[f], count_d[32*f +: 32]} = count_clear[f] ? 33'd0 : changed;
`endif
    end
    if (clear_all)        shadow_d = 512'd0;
    else if (shadow_load) shadow_d = count_q;

    // An announcement is from the pins or from the latch, never both (a wait state ends only in WAIT, a
    // start only outside it), so the announced write's data is the latched one in a wait state (ann_wait_i,
    // decoded from flip-flops) and the pins' otherwise. Where no write is announced field_nz_q is not read
    // (only with wr_mode_q or wr_clock_q).
    wr_mode_d    = ann_write_i[`MK2_ADDR_MODE];
    wr_clock_d   = ann_write_i[`MK2_ADDR_CLOCK_SELECT];
    // Reset&Enable is decoded for the pins' request and the latched one apart, each ANDed with its own
    // field decode, the latched one from lat_enable_q and lat_reset_enable_q (loaded from the pins at
    // every edge, above): the clear is then four LUT levels from the pins alone, not five (docs/fpga.md,
    // thirteenth round).
    lat_enable_d = pin_write_i && pin_addr_i == `MK2_ADDR_ENABLE;
    wr_enable_d  = ann_write_i[`MK2_ADDR_ENABLE];
    for (f = 0; f < 16; f = f + 1) begin
      ann_field = ann_wait_i ? act_data_i[4*f +: 3] : pin_data_i[4*f +: 3];
      lat_reset_enable_d[f] = pin_data_i[4*f +: 2] == 2'b11;
      reset_enable_d[f] = (start_enable_i && lat_reset_enable_d[f])
                          || (ann_wait_i && lat_enable_q && lat_reset_enable_q[f]);
      // the counter's own Reset&Enable (the pair's choice: count_clear); a copy on purpose (docs/fpga.md, 26th round)
      clear_d[f]        = reset_enable_d[f];
      field_nz_d[f]     = ann_field != 3'b000;
      field_nz_now[f]   = act_data_i[4*f +: 3] != 3'b000;
    end

    // Enable fields: 01 disables, 10 enables, 11 enables (and clears: reset_enable_d), 00 is a NOP.
    for (f = 0; f < 16; f = f + 1) begin
      if (wr_mode_q && field_nz[f])            mode_d[4*f +: 4]  = act_data_i[4*f +: 4];
      if (wr_clock_q && field_nz[f])           clock_d[4*f +: 4] = act_data_i[4*f +: 4];
      if (wr_enable_q && act_data_i[4*f +: 2] != 2'b00) enable_d[f] = act_data_i[4*f + 1];
    end

    if (shadow_release_i) busy_d = 1'b0;
    if (shadow_copy_i)    busy_d = 1'b1;

    if (soft_reset_i) begin
      mode_d   = MODE_RESET;
      clock_d  = CLOCK_RESET;
      enable_d = 16'd0;
      busy_d   = 1'b0;
      div10_d  = 4'd0;
      div100_d = 4'd0;
    end
    // div10 reaches 9 at the next edge exactly when it is 8 now and no software reset clears it; div100
    // does not move then (tick10 is low at 8), so it is 9 at the next edge when it is 9 now.
    tick10_d  = div10_at8_q && !soft_reset_i;
    tick100_d = tick10_d && div100_at9_q;
    // From the prescalers' registers, not their next values: no adder's carry in front of these flags.
    // div10 goes to 8 from 7 (it counts up unless it ticks or a software reset clears it); div100 is 9
    // next when it moves from 8, or stays at 9.
    div10_at8_d  = !soft_reset_i && !tick10 && div10_q == 4'd7;
    div100_at9_d = !soft_reset_i && (tick10 ? !tick100 && div100_q == 4'd8 : div100_q == 4'd9);
    div_at89_d   = div10_at8_d && div100_at9_q;  // div100 does not move while div10 goes to 8

    for (f = 0; f < 16; f = f + 2) begin
      sw_mode_d[f +: 2] = {kind_pair[f/2] ? field_software[f] : field_software[f+1], field_software[f]};
    end
  end

  // The count decision's registered inputs (see clear_q above): each field's next configuration formed
  // again from the write acting now, the software reset last, in kept nets (without keep, ABC builds each
  // kind from the flip-flops on its own) so that each is three levels from flip-flops. Written twice on
  // purpose: shared forms changed ABC's netlists and lowered the seed means (docs/fpga.md, tenth round);
  // the `counters` formal set checks the kinds against the registers (its reference decision).
  generate
    if (COUNT_AHEAD) begin : ahead
      (* keep *) wire [15:0] enable_next;
      (* keep *) wire [31:0] mode_next, clock_next;
      (* keep *) wire [7:0]  pair_next;
      for (g = 0; g < 16; g = g + 1) begin : field
        assign enable_next[g] = (wr_enable_q && act_data_i[4*g +: 2] != 2'b00) ? act_data_i[4*g + 1] : enable_q[g];
        assign mode_next[2*g +: 2]  = (wr_mode_q && field_nz[g]) ? act_data_i[4*g +: 2] : mode_q[4*g +: 2];
        assign clock_next[2*g +: 2] = (wr_clock_q && field_nz[g]) ? act_data_i[4*g +: 2] : clock_q[4*g +: 2];
      end
      for (g = 0; g < 8; g = g + 1) begin : pair
        assign pair_next[g] = (wr_mode_q && field_nz[2*g]) ? act_data_i[8*g + 3] : mode_q[8*g + 3];
      end
      assign kind_enable = enable_next;
      assign kind_mode = mode_next;
      assign kind_clock = clock_next;
      assign kind_pair = pair_next;
    end else begin : at_edge
      for (g = 0; g < 16; g = g + 1) begin : field
        assign kind_mode[2*g +: 2]  = mode_q[4*g +: 2];
        assign kind_clock[2*g +: 2] = clock_q[4*g +: 2];
      end
      for (g = 0; g < 8; g = g + 1) begin : pair
        assign kind_pair[g] = mode_q[8*g + 3];
      end
      assign kind_enable = enable_q;
    end
    // Ahead: tick10_d and tick100_d but for the software reset, which kind_soft_reset covers. At the edge:
    // a software reset at this edge clears every counter (soft_clear_q), whatever counts.
    assign kind_tick10     = COUNT_AHEAD ? div10_at8_q : tick10;
    assign kind_tick100    = COUNT_AHEAD ? div_at89_q : tick100;
    assign kind_soft_reset = COUNT_AHEAD ? soft_reset_i : 1'b0;
    // Clock Select bits 1:0 alone decide: x100 (the Timestamp clock) is the only stored value with 00.
    // Ahead, the decodes are LUTs of their own (keep), shared by the kinds of a field; at the edge ABC may
    // merge them into the kinds (fewer LUTs; depth does not matter there).
    if (COUNT_AHEAD) begin : ahead_clock
      (* keep *) wire [15:0] internal_tick_k, timestamp_clock_k;
      for (g = 0; g < 16; g = g + 1) begin : field
        assign internal_tick_k[g]   = clock_ticks(kind_clock[2*g +: 2], kind_tick10, kind_tick100);
        assign timestamp_clock_k[g] = kind_clock[2*g +: 2] == 2'b00;
      end
      assign internal_tick = internal_tick_k;
      assign timestamp_clock = timestamp_clock_k;
    end else begin : at_edge_clock
      for (g = 0; g < 16; g = g + 1) begin : field
        assign internal_tick[g]   = clock_ticks(kind_clock[2*g +: 2], kind_tick10, kind_tick100);
        assign timestamp_clock[g] = kind_clock[2*g +: 2] == 2'b00;
      end
    end
  endgenerate
  // (every input an argument: a continuous assignment is evaluated again only when its arguments change)
  function clock_ticks(input [1:0] clock_select, input tick10_now, input tick100_now);
    clock_ticks = clock_select == 2'b01 || (clock_select == 2'b10 && tick10_now)
                  || (clock_select == 2'b11 && tick100_now);
  endfunction
  integer k;
  always @* begin
    // Mode bit 0 is set for CLK (01) and External Enable (11), which count their clock's ticks
    for (k = 0; k < 16; k = k + 1) begin
      src_tick_d[k]     = !kind_soft_reset && kind_enable[k] && kind_mode[2*k] && internal_tick[k];
      src_ts_d[k]       = !kind_soft_reset && kind_enable[k] && kind_mode[2*k] && timestamp_clock[k];
      ext_edge_d[k]     = !kind_soft_reset && kind_enable[k] && kind_mode[2*k +: 2] == 2'b00;
      field_software[k] = !kind_soft_reset && kind_enable[k] && kind_mode[2*k +: 2] == 2'b10;
    end
  end

  // Values: synchronous clear only (see clear_all above).
  always @(posedge clk_i) begin
    count_q     <= count_d;
    full_q      <= full_d;
    shadow_q    <= shadow_d;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mode_q   <= MODE_RESET;
      clock_q  <= CLOCK_RESET;
      enable_q <= 16'd0;
      busy_q   <= 1'b0;
      div10_q  <= 4'd0;
      div100_q <= 4'd0;
      div10_at8_q  <= 1'b0;
      div100_at9_q <= 1'b0;
      tick10_q  <= 1'b0;
      tick100_q <= 1'b0;
      src_tick_q        <= 16'd0;
      src_ts_q          <= 16'd0;
      ext_edge_q        <= 16'd0;
      sw_mode_q         <= 16'd0;
      sw_inc_q          <= 16'd0;
      div_at89_q        <= 1'b0;
      clear_q           <= 16'hffff;
      soft_clear_q      <= 1'b0;
      rd_counter_q <= 16'd0;
      rd_shadow_addr_q <= 1'b0;
      read_shadow_q    <= 1'b0;
      rd_enable_q  <= 1'b0;
      rd_mode_q    <= 1'b0;
      rd_clock_q   <= 1'b0;
      rd_any_counter_q <= 1'b0;
      rd_owner_q   <= 1'b0;
      half_write_q <= 16'd0;
      wr_enable_q  <= 1'b0;
      wr_mode_q    <= 1'b0;
      wr_clock_q   <= 1'b0;
      field_nz_q   <= 16'd0;
    end else begin
      tick10_q  <= tick10_d;
      tick100_q <= tick100_d;
      src_tick_q        <= src_tick_d;
      src_ts_q          <= src_ts_d;
      ext_edge_q        <= ext_edge_d;
      sw_mode_q         <= sw_mode_d;
      sw_inc_q          <= sw_inc_d;
      div_at89_q        <= div_at89_d;
      clear_q           <= clear_d;
      soft_clear_q      <= soft_clear_d;
      rd_counter_q <= rd_counter_d;
      rd_shadow_addr_q <= rd_shadow_addr_d;
      read_shadow_q    <= read_shadow_d;
      rd_enable_q  <= rd_enable_d;
      rd_mode_q    <= rd_mode_d;
      rd_clock_q   <= rd_clock_d;
      rd_any_counter_q <= rd_any_counter_d;
      rd_owner_q   <= rd_owner_d;
      half_write_q <= half_write_d;
      wr_enable_q  <= wr_enable_d;
      wr_mode_q    <= wr_mode_d;
      wr_clock_q   <= wr_clock_d;
      field_nz_q   <= field_nz_d;
      mode_q   <= mode_d;
      clock_q  <= clock_d;
      enable_q <= enable_d;
      busy_q   <= busy_d;
      div10_q  <= div10_d;
      div100_q <= div100_d;
      div10_at8_q  <= div10_at8_d;
      div100_at9_q <= div100_at9_d;
    end
  end

  // Read data. Enable fields read 0010 (enabled) or 0001 (disabled). A read of 64-79 returns the counter,
  // or its shadow while the shadows are busy; a read of 80-95 the shadow. The address is decoded into
  // one-hot flip-flops at the start edge from the address the bus interface latches then, so they
  // always hold the decode of act_addr_i: the read multiplexer is an AND-OR over 16 counters with its
  // selects straight from flip-flops, and each term picks counter or shadow in the same LUT.
  reg  [15:0] rd_counter_q, rd_counter_d;   // act_addr_i is 64 + r or 80 + r
  reg         rd_shadow_addr_q, rd_shadow_addr_d; // act_addr_i is 80-95
  reg         rd_enable_q, rd_enable_d, rd_mode_q, rd_mode_d, rd_clock_q, rd_clock_d;
  // the OR of the counter selects and "one of this block's addresses": flip-flops as well, so that no
  // 19-input OR stands in front of the read multiplexer (D63..D32 of a counter, and the chip's all ones)
  reg         rd_any_counter_q, rd_any_counter_d, rd_owner_q, rd_owner_d;
  integer r;
  always @* begin
    for (r = 0; r < 16; r = r + 1)
      rd_counter_d[r] = start_i ? `MK2_IS_COUNTER(pin_addr_i) && pin_addr_i[3:0] == r[3:0] : rd_counter_q[r];
    rd_shadow_addr_d = start_i ? `MK2_IS_COUNTER_SHADOW(pin_addr_i) : rd_shadow_addr_q;
    rd_enable_d = start_i ? pin_addr_i == `MK2_ADDR_ENABLE : rd_enable_q;
    rd_mode_d = start_i ? pin_addr_i == `MK2_ADDR_MODE : rd_mode_q;
    rd_clock_d = start_i ? pin_addr_i == `MK2_ADDR_CLOCK_SELECT : rd_clock_q;
    rd_any_counter_d = start_i ? `MK2_IS_COUNTER(pin_addr_i) : rd_any_counter_q;
    rd_owner_d = start_i ? (`MK2_IS_COUNTER(pin_addr_i) || pin_addr_i == `MK2_ADDR_ENABLE
                            || pin_addr_i == `MK2_ADDR_MODE || pin_addr_i == `MK2_ADDR_CLOCK_SELECT)
                         : rd_owner_q;
  end
  // Whether a read returns the shadow (the shadows are busy, or the address is 80-95) drives a LUT of all
  // 512 read-multiplexer terms, so it is a flip-flop, loaded with its next value.
  reg         read_shadow_q, read_shadow_d;
  always @* read_shadow_d = busy_d || rd_shadow_addr_d;
  wire        read_shadow = read_shadow_q;
  reg  [31:0] word_read;
  reg  [63:0] enable_read;
  reg  [63:0] rdata;
  always @* begin
    for (r = 0; r < 16; r = r + 1) enable_read[4*r +: 4] = enable_q[r] ? 4'b0010 : 4'b0001;
    word_read = 32'd0;
    for (r = 0; r < 16; r = r + 1)
      word_read = word_read | ({32{rd_counter_q[r]}} & (read_shadow ? shadow_q[32*r +: 32] : count_q[32*r +: 32]));
    rdata = {{32{rd_any_counter_q}}, 32'd0} | ({64{rd_enable_q}} & enable_read) | ({64{rd_mode_q}} & mode_q)
          | ({64{rd_clock_q}} & clock_q);
  end

  // Counter 0 goes out first on the network, so it takes the most significant slot.
  reg [511:0] shadow_network;
  integer s;
  always @* begin
    for (s = 0; s < 16; s = s + 1) begin
      shadow_network[511 - 32*s -: 32] = shadow_q[32*s +: 32];
    end
  end


  assign stall_o       = attempt_copy_i && busy_q && read_wait_i;
  assign rdata_o       = rdata;
  assign word_o        = word_read;
  assign rd_owner_o    = rd_owner_q;
  assign shadow_busy_o = busy_q;
  assign shadow_o      = shadow_network;

  // The request as it acts: the write selects come decoded one edge ahead (ann_write_i); the formal
  // properties below check that decode against it.
  wire unused_act_ok = &{1'b0, req_i, act_write_i, act_addr_i, ann_start_i};
  // MK2_CLEAR_OVER_ENABLE (a `define, set by every MultiKron II ECP5 build: MK2_DEFINES_ECP5 in mk/fpga.mk):
  // the counters' clear acts whatever their clock enable (the `ifdef at count_d above), as ECP5's
  // flip-flops have it (LSR over CE). Without it the clear acts under the enable, as iCE40's SB_DFFESR has
  // it (its reset acts only when enabled). The two compute the same, because a clear is always one of the
  // count decision's terms (mk2_count_enable's fixed): a half is never cleared without its enable (asserted
  // below; the counters set proves it without the define, counters_clear_over_enable with it). On ECP5,
  // without the define yosys ANDs the clear with the enable in a LUT behind the count decision, one level
  // and one route more on the decision's path; on iCE40, with it, yosys ORs the clear into the enable
  // instead (HX8K seed 4: 94.01 MHz against 104.87). The clear is written after the count, not as an else
  // of it: written as "count if enabled, else clear if cleared", yosys gives ECP5's flip-flops the clock
  // enable "count decision OR clear", a LUT behind the decision again; written as "count if enabled; clear
  // if cleared", the enable is the decision itself and the clear the flip-flops' LSR (docs/fpga.md,
  // twenty-fourth round). Why a define, not a parameter: a parameter of 0 on iCE40 still remapped the
  // iCE40 netlist (UP5K seed 4: 39.90 MHz; twenty-third round).
`ifdef FORMAL
  // Properties (make formal, docs/formal.md): saturation of every counter and pair, NOP fields, busy
  // shadows, by k-induction. f_j / f_p: one counter and one pair chosen by the solver (so every one of them).
`include "mk2_formal_env.vh"
  // The sampler never copies into busy shadows (it refuses a Resource sample then).
  always @* if (rst_ni) `MK2_ENV(!(shadow_copy_i && busy_q));
  // The write decodes registered one edge ahead are the request presented now (the bus interface presents
  // at the next edge what it announces: mk2_bus_if's properties). In the chip this is proven; alone, assumed.
  wire f_write = req_i && act_write_i;
  reg [15:0] f_sw_inc;   // the software increment acting now
  integer f_i;
  always @* for (f_i = 0; f_i < 16; f_i = f_i + 1)
    f_sw_inc[f_i] = f_write && `MK2_IS_COUNTER_SHADOW(act_addr_i) && act_addr_i[3:0] == f_i[3:0];
  // The decodes that the count decision's registered inputs are loaded from, registered here as the
  // design did before it registered the decision's inputs, to check the decision against.
  reg [15:0] f_reset_enable_q;
  reg        f_soft_reset_q, f_past_rst_q;
  always @(posedge clk_i or negedge rst_ni)
    if (!rst_ni) {f_reset_enable_q, f_soft_reset_q} <= 17'd0;
    else         {f_reset_enable_q, f_soft_reset_q} <= {reset_enable_d, soft_reset_next_i};
  always @(posedge clk_i) f_past_rst_q <= rst_ni;
  always @* if (past_valid_q && rst_ni) `MK2_ENV(f_sw_inc == sw_inc_q);
  // A write is announced only where no action acts (the bus interface is free, or in its wait state), so
  // Mode keeps its pair bits from the announcement to the action (count_clear reads mode_q). At the end of a wait
  // state the latched request is the one the pins showed one edge before (lat_enable_q, lat_reset_enable_q).
  integer f_l;
  always @* if (past_valid_q && rst_ni) begin
    `MK2_ENV(!((ann_start_i || ann_wait_i) && (wr_mode_q || soft_reset_i)));
    if (ann_wait_i) begin
      `MK2_ENV(lat_enable_q == (act_write_i && act_addr_i == `MK2_ADDR_ENABLE));
      for (f_l = 0; f_l < 16; f_l = f_l + 1)
        `MK2_ENV(lat_reset_enable_q[f_l] == (act_data_i[4*f_l +: 2] == 2'b11));
    end
  end
  always @* if (past_valid_q && rst_ni) `MK2_ENV(soft_reset_i == f_soft_reset_q);
  // The announced writes by address (the register map's MK2_ANNOUNCED; this block reads some of them) are
  // the decode of the announced request, from the pins or from the latch (mk2_announce, mk2_bus_if).
  localparam [`MK2_ADDR_COUNT-1:0] F_ANNOUNCED = `MK2_ANNOUNCED;
  integer f_a;
  reg [6:0] f_addr;
  always @* begin
    `MK2_ENV(start_enable_i == (ann_start_i && pin_write_i && pin_addr_i == `MK2_ADDR_ENABLE));
    for (f_a = 0; f_a < `MK2_ADDR_COUNT; f_a = f_a + 1) begin
      f_addr = f_a[6:0];
      if (F_ANNOUNCED[f_a]) begin
        `MK2_ENV(ann_write_i[f_a] == ((ann_start_i && pin_write_i && pin_addr_i == f_addr)
                                      || (ann_wait_i && act_write_i && act_addr_i == f_addr)));
      end
    end
  end
  integer f_h;
  always @* if (past_valid_q && rst_ni) begin
    for (f_h = 0; f_h < 16; f_h = f_h + 1) begin
      `MK2_ENV(half_write_q[f_h] == (f_write && `MK2_IS_COUNTER_VALUE(act_addr_i) && act_addr_i[3:0] == f_h[3:0]));
    end
    `MK2_ENV(wr_enable_q == (f_write && act_addr_i == `MK2_ADDR_ENABLE));
    `MK2_ENV(act_ones32_i == &act_data_i[31:0]);
    for (f_h = 0; f_h < 16; f_h = f_h + 1)
      `MK2_ENV(f_reset_enable_q[f_h] == (wr_enable_q && act_data_i[4*f_h +: 2] == 2'b11));
    `MK2_ENV(wr_mode_q == (f_write && act_addr_i == `MK2_ADDR_MODE));
    `MK2_ENV(wr_clock_q == (f_write && act_addr_i == `MK2_ADDR_CLOCK_SELECT));
    for (f_h = 0; f_h < 16; f_h = f_h + 1)
      if (wr_mode_q || wr_clock_q) `MK2_ENV(field_nz[f_h] == (act_data_i[4*f_h +: 3] != 3'b000));
    for (f_h = 0; f_h < 16; f_h = f_h + 1)
      `MK2_ENV(rd_counter_q[f_h] == (`MK2_IS_COUNTER(act_addr_i) && act_addr_i[3:0] == f_h[3:0]));
    `MK2_ENV(rd_shadow_addr_q == `MK2_IS_COUNTER_SHADOW(act_addr_i));
    assert(read_shadow_q == (busy_q || rd_shadow_addr_q));
    `MK2_ENV(rd_enable_q == (act_addr_i == `MK2_ADDR_ENABLE));
    `MK2_ENV(rd_mode_q == (act_addr_i == `MK2_ADDR_MODE));
    `MK2_ENV(rd_clock_q == (act_addr_i == `MK2_ADDR_CLOCK_SELECT));
    // the read decodes kept as flip-flops of their own agree with the selects they summarise
    assert(rd_any_counter_q == |rd_counter_q);
    assert(rd_owner_q == (|rd_counter_q || rd_enable_q || rd_mode_q || rd_clock_q));
    // a half is never cleared without its clock enable, so MK2_CLEAR_OVER_ENABLE cannot change what it holds
    assert((count_clear & ~count_en) == 16'd0);
  end

  (* anyconst *) reg [3:0] f_j;
  (* anyconst *) reg [2:0] f_p;
  wire [31:0] f_count    = count_q[32*f_j +: 32];
  wire        f_j_paired = mode_q[8*f_j[3:1] + 3];          // counter f_j is half of a 64-bit pair
  wire        f_j_fixed  = count_clear[f_j] || half_write[f_j];
  wire [63:0] f_pair     = {count_q[64*f_p + 32 +: 32], count_q[64*f_p +: 32]};
  wire        f_p_paired = mode_q[8*f_p + 3];
  wire        f_p_fixed  = count_clear[2*f_p] || count_clear[2*f_p+1] || half_write[2*f_p] || half_write[2*f_p+1];

  always @(posedge clk_i) begin
    if (past_valid_q && rst_ni && $past(rst_ni) && !$past(soft_reset_i)) begin
      // A single counter never wraps: it keeps its value or adds one (never past all ones), unless written
      // or cleared at that edge; at all ones it stays there.
      if (!$past(f_j_paired) && !$past(f_j_fixed)) begin
        assert({1'b0, f_count} == {1'b0, $past(f_count)} || {1'b0, f_count} == {1'b0, $past(f_count)} + 33'd1);
        if (&$past(f_count)) assert(&f_count);
      end
      // A 64-bit pair likewise, as one 64-bit number.
      if ($past(f_p_paired) && !$past(f_p_fixed)) begin
        assert({1'b0, f_pair} == {1'b0, $past(f_pair)} || {1'b0, f_pair} == {1'b0, $past(f_pair)} + 65'd1);
        if (&$past(f_pair)) assert(&f_pair);
      end
      // NOP fields (x000 for Mode and Clock Select, 00 for Enable) leave the configuration unchanged.
      if ($past(wr_mode_q) && $past(act_data_i[4*f_j +: 3]) == 3'b000)
        assert(mode_q[4*f_j +: 4] == $past(mode_q[4*f_j +: 4]));
      if ($past(wr_clock_q) && $past(act_data_i[4*f_j +: 3]) == 3'b000)
        assert(clock_q[4*f_j +: 4] == $past(clock_q[4*f_j +: 4]));
      if ($past(wr_enable_q) && $past(act_data_i[4*f_j +: 2]) == 2'b00)
        assert(enable_q[f_j] == $past(enable_q[f_j]));
      // Busy shadows are never overwritten by a copy.
      if ($past(busy_q) && !$past(shadow_release_i)) assert(shadow_q == $past(shadow_q));
    end
  end
  integer f_k;
  always @* if (past_valid_q && rst_ni) begin
    for (f_k = 0; f_k < 16; f_k = f_k + 1) begin
      assert(full_q[f_k] == &count_q[32*f_k +: 32]);
    end
    assert(div10_q <= 4'd9 && div100_q <= 4'd9);
    assert(tick10_q == (div10_q == 4'd9) && tick100_q == (tick10_q && div100_q == 4'd9));
    assert(div10_at8_q == (div10_q == 4'd8) && div100_at9_q == (div100_q == 4'd9));
    // div_at89_q is a copy of the AND of the two, kept as a flip-flop of its own for the kinds' depth
    assert(div_at89_q == (div10_at8_q && div100_at9_q));
    // a stored Mode or Clock Select field is never a NOP code
    assert(mode_q[4*f_j +: 3] != 3'b000 && clock_q[4*f_j +: 3] != 3'b000);
  end

  // The count decision equals the one written from the live configuration (the decision before its inputs
  // were registered one edge ahead), at every edge but the first after the internal reset, where clear_q
  // still clears (see clear_q). Proven here, under this block's assumptions; the chip harness proves the
  // assumptions (MK2_ENV) and leaves this reference out, which would only make its induction slower.
`ifndef MK2_FORMAL_CHIP
  reg [15:0] f_count_en, f_clear;
  reg [1:0]  f_source_tick;
  reg        f_paired, f_pair_increment, f_pair_full;
  integer    f_c, f_x;
  always @* begin
    for (f_c = 0; f_c < 16; f_c = f_c + 1) begin
      f_x = f_c - f_c % 2;
      case (mode_q[4*f_c +: 2])
        2'b01:   f_source_tick[f_c % 2] = f_clock_tick(f_c);
        2'b11:   f_source_tick[f_c % 2] = f_clock_tick(f_c) && ext_level_i[f_c];
        2'b00:   f_source_tick[f_c % 2] = ext_level_i[f_c] && !ext_prev_i[f_c];
        default: f_source_tick[f_c % 2] = 1'b0;
      endcase
      if (f_c % 2 == 1) begin
        f_paired = mode_q[4*f_x + 3];
        f_pair_increment = enable_q[f_x] && ((f_source_tick[0] && testb_i) ||
                           (mode_q[4*f_x +: 2] == 2'b10 && (sw_inc_q[f_x] || sw_inc_q[f_c])));
        f_pair_full = full_q[f_x] && full_q[f_c];
        f_clear[f_x] = clear_all || f_reset_enable_q[f_x];
        f_clear[f_c] = clear_all || (f_paired ? f_reset_enable_q[f_x] : f_reset_enable_q[f_c]);
        f_count_en[f_x] = f_clear[f_x] || half_write[f_x] || (f_paired
          ? f_pair_increment && !f_pair_full && !half_write[f_c]
          : f_increment(f_x, f_source_tick[0]) && !full_q[f_x]);
        f_count_en[f_c] = f_clear[f_c] || half_write[f_c] || (f_paired
          ? f_pair_increment && !f_pair_full && !half_write[f_x] && full_q[f_x]
          : f_increment(f_c, f_source_tick[1]) && !full_q[f_c]);
      end
    end
  end
  function f_clock_tick(input integer c);
    case (clock_q[4*c +: 2])
      2'b01:   f_clock_tick = 1'b1;
      2'b10:   f_clock_tick = tick10_q;
      2'b11:   f_clock_tick = tick100_q;
      default: f_clock_tick = ts_level_i && !ts_prev_i;
    endcase
  endfunction
  function f_increment(input integer c, input source_tick);
    f_increment = enable_q[c] && ((source_tick && testb_i) || (mode_q[4*c +: 2] == 2'b10 && sw_inc_q[c]));
  endfunction
  always @* if (past_valid_q && rst_ni && f_past_rst_q) begin
    assert(count_en == f_count_en);
    assert(count_clear == f_clear);
  end
`endif

  // covers: a 32-bit counter and a 64-bit pair reach all ones by counting, busy shadows
  always @(posedge clk_i) if (past_valid_q && rst_ni && $past(rst_ni)) begin
    cover(!$past(f_j_paired) && !$past(f_j_fixed) && &f_count && !(&$past(f_count)));
    cover($past(f_p_paired) && !$past(f_p_fixed) && &f_pair && !(&$past(f_pair)));
    cover(busy_q && $past(busy_q) && attempt_copy_i && read_wait_i);
  end
`endif
endmodule
`default_nettype wire
