`default_nettype none
`include "mk2_regmap.vh"
// mk2_bus_if: the MultiKron II processor interface (READB/WRITEB/STARTB/HOLDB/ACKB).
//
// Clock domain: clk_i (Node clock); every bus pin is synchronous to it (the spec gives setup/hold times).
// An interaction starts at edge s when the interface is free and armed, STARTB is low and READB or
// WRITEB is low; address, data and CPU ID lines are latched then. The request is presented to the
// chip (req_o, and by kind attempt_*_o) from edge s+1+W (W = latched wait states, 0 or 1); the chip
// answers stall_write_i or stall_read_i while the action cannot proceed (Tables B3a/B3b), and the action
// is performed at the first edge without stall, which is also the edge that drives ACKB low. ACKB stays
// low one clock, or until HOLDB is seen high.
// The interface re-arms when the strobes are seen inactive at the ACKB edge or later, so a strobe held
// low never starts twice; a new interaction may start at the edge that ends ACKB.
// Latency: ACKB low after edge s+1+W+(stalled edges). See docs/decisions.md section 2.
// Parameters: none (the announced writes are those of the register map's MK2_ANNOUNCED).
module mk2_bus_if (
  input  wire        clk_i,
  input  wire        rst_ni,
  // pins
  input  wire        readb_i,
  input  wire        writeb_i,
  input  wire        startb_i,
  input  wire        holdb_i,
  input  wire [6:0]  addr_i,
  input  wire [63:0] data_i,
  input  wire [7:0]  cpu_id_i,
  output wire        ackb_o,
  output wire [63:0] rdata_o,     // read data held while ACKB is low
  output wire        rd_ack_o,    // ACKB low on a read cycle: drive D63..D0
  // configuration
  input  wire        wait_state_i, // latched WAITSTATE strap
  input  wire [15:0] sample_levels_i, // filter levels that take samples now (0 while sampling is off)
  // 32-bit mode: a write's D63..D32 are the High Order register's (Table B1). Both change only at action
  // edges, so their values at the start edge, where the data are latched, are those at the action edge.
  input  wire        mode32_i,
  input  wire [31:0] high_order_i,
  // request to the chip's blocks
  output wire        req_o,       // an action is being attempted at this edge
  output wire        req_write_o,
  output wire [6:0]  req_addr_o,
  output wire [63:0] req_data_o,  // D63..D0 as latched, D63..D32 replaced by high_order_i in 32-bit mode
  output wire        req_ones32_o, // &req_data_o[31:0], latched with it (32-bit mode replaces only
  output wire        req_ones28_o, // &req_data_o[27:0]   D63..D32, so both hold for the chip's write data)
  output wire [2:0]  req_cpu_o,   // encoded CPU ID: lowest active line, 0 when none
  output wire [`MK2_CLASS_COUNT-1:0] req_class_o, // the request's address classes, decoded at the start edge
  // req_o split by kind, each a flip-flop of its own (the chip's action decisions start one LUT later
  // without the state decode): a read, a write, a sample write (MK2_CLASS_SAMPLE), a read-with-copy
  // (MK2_CLASS_READ_COPY) is attempted at this edge.
  output wire        attempt_read_o,
  output wire        attempt_write_o,
  output wire        attempt_sample_o,
  output wire        attempt_copy_o,
  // The action cannot proceed at this edge: a write attempt (a sample write, Table B3a) or a read attempt
  // (a read-with-copy, Table B3b) waits. Each comes only with an attempt of its own direction.
  input  wire        stall_write_i,
  input  wire        stall_read_i,
  // The read value at this edge is rdata_i | {32'd0, counter_word_i | fifo_word_i}. The counters' and
  // the FIFO's word multiplexers (the deepest) are registered apart and ORed with the rest after the
  // registers, so that the OR of the blocks' read values is not in the same clock as those multiplexers.
  input  wire [63:0] rdata_i,        // the read value but for the two words below
  input  wire [31:0] counter_word_i, // D31..D0 of a counter read, 0 for other addresses
  input  wire [31:0] fifo_word_i,    // D31..D0 of a FIFO group read, 0 for other addresses
  // The request presented at the next edge, for the accesses that never stall (every one but a sample
  // write and a read-with-copy), so that blocks decode it into flip-flops one edge ahead and no decision
  // taken in the action clock feeds their adders (docs/fpga.md): either an interaction starts now with
  // no wait state (the request is the pins: pin_write_o, pin_addr_o) or the wait state ends now (the
  // request is the latched one: req_write_o, req_addr_o).
  output wire        ann_start_o,
  output wire        ann_wait_o,
  output wire        pin_write_o,  // READB high: a write, as the pins show it now
  output wire [`MK2_CLASS_COUNT-1:0] pin_class_o, // the address classes of the pins' request
  // By address a, for the addresses of MK2_ANNOUNCED (else 0): a write to a is presented at the next edge,
  // from the pins or from the latch (ann_write_o), or from the pins (start_write_o: ann_start_o &&
  // pin_write_o && pin_addr_o == a, two LUT levels from the pins, mk2_announce). The blocks register their
  // write selects from these, so that each is a flip-flop at the action edge.
  output wire [`MK2_ADDR_COUNT-1:0] ann_write_o,
  output wire [`MK2_ADDR_COUNT-1:0] start_write_o,
  output wire [6:0]  pin_addr_o,
  output wire [63:0] pin_data_o,   // D63..D0 as the pins show them now, D63..D32 replaced as in req_data_o
  output wire        start_o,     // an interaction starts at this edge
  output wire [2:0]  start_index_o, // its Source Address Register: the CPU ID of a write, A2..A0 of a read
  output wire        busy_o       // an interaction is in progress (debug)
);
  localparam [1:0] ST_IDLE = 2'd0, ST_WAIT = 2'd1, ST_EXEC = 2'd2, ST_ACK = 2'd3;
  // Address classes (`MK2_CLASS_*, one bit each) are decoded from the pins at the start edge, one clock
  // or more before the action edge, so that the chip's action logic (Tables B3a/B3b, FIFO, network) starts
  // from a register instead of a comparator: nothing changes at the pins, the paths get shorter.

  reg [1:0]  state_q, state_d;
  reg        armed_q, armed_d;
  reg        write_q, write_d;
  reg [6:0]  addr_q,  addr_d;
  reg [63:0] data_q,  data_d;
  reg        ones28_q, ones28_d, ones32_q, ones32_d;  // data_q[27:0] / data_q[31:0] is all ones
  reg [2:0]  cpu_q,   cpu_d;
  reg [63:0] rdata_q, rdata_d;
  reg [31:0] counter_word_q, counter_word_d, fifo_word_q, fifo_word_d; // loaded with rdata_q
  reg [`MK2_CLASS_COUNT-1:0] class_q, class_d;
  reg        wait_write_q, wait_write_d;  // state_q == ST_WAIT && write_q, a flop so each lat_low_is is one LUT
  // state_q == ST_EXEC && (!write_q, write_q, class_q[SAMPLE], class_q[READ_COPY])
  reg        attempt_read_q, attempt_read_d, attempt_write_q, attempt_write_d;
  reg        attempt_sample_q, attempt_sample_d, attempt_copy_q, attempt_copy_d;
  localparam [`MK2_ADDR_COUNT-1:0] ANNOUNCED = `MK2_ANNOUNCED;  // the addresses ann_write_o decodes

  // Lowest-numbered active CPU ID line wins (CLARIFICATIONS); none active is CPU 0.
  reg [2:0] cpu_encoded;
  integer line;
  always @* begin
    cpu_encoded = 3'd0;
    for (line = 7; line >= 0; line = line - 1)
      if (cpu_id_i[line]) cpu_encoded = line[2:0];
  end

  wire       is_write = readb_i;   // READB and WRITEB both low is a read
  wire [63:0] pin_data = {mode32_i ? high_order_i : data_i[63:32], data_i[31:0]};
  reg  [`MK2_CLASS_COUNT-1:0] pin_class;
  always @* begin
    pin_class = {`MK2_CLASS_COUNT{1'b0}};
    // A sample write that passes sampling-enable and the Filter Register. Both are final at the start
    // edge: the previous interaction's action edge is always earlier, and nothing else writes them.
    // The filter level is the sample's index, address bits 3:0.
    pin_class[`MK2_CLASS_SAMPLE]       = is_write && `MK2_IS_SAMPLE(addr_i) && sample_levels_i[addr_i[3:0]];
    pin_class[`MK2_CLASS_TEST_PUSH]    = is_write && `MK2_IS_FIFO_GROUP(addr_i);
    pin_class[`MK2_CLASS_READ_COPY]    = !is_write && `MK2_IS_COUNTER_VALUE(addr_i);
    pin_class[`MK2_CLASS_READ_NO_COPY] = !is_write && `MK2_IS_COUNTER_SHADOW(addr_i);
    pin_class[`MK2_CLASS_NET_DISABLE]  = is_write && addr_i == `MK2_ADDR_NET_DISABLE;
    pin_class[`MK2_CLASS_NET_ENABLE]   = is_write && addr_i == `MK2_ADDR_NET_ENABLE;
  end

  wire stall         = stall_write_i || stall_read_i;
  wire strobe_active = !startb_i && (!readb_i || !writeb_i);
  wire completing    = (state_q == ST_EXEC) && !stall;
  wire free_to_start = (state_q == ST_IDLE) || ((state_q == ST_ACK) && holdb_i);
  wire start         = armed_q && strobe_active && free_to_start;
  // A start that acts at the next edge (no wait state). A macro, not a wire: the netlist is then the one
  // the expression written out gives, cell for cell (a wire of its own made yosys and ABC map the chip
  // differently, which re-draws every placement seed: docs/fpga.md, nineteenth round).
  `define MK2_START_EXEC (start && !wait_state_i)

  always @* begin
    state_d = state_q;
    armed_d = armed_q;
    write_d = write_q;
    addr_d  = addr_q;
    data_d  = data_q;
    ones28_d = ones28_q;
    ones32_d = ones32_q;
    cpu_d   = cpu_q;
    rdata_d = rdata_q;
    counter_word_d = counter_word_q;
    fifo_word_d = fifo_word_q;
    class_d = class_q;
    // a wait state lasts exactly the edge after its start
    wait_write_d = start && wait_state_i && is_write;

    if (!strobe_active && (state_q == ST_IDLE || state_q == ST_ACK || completing))
      armed_d = 1'b1;

    case (state_q)
      ST_WAIT: state_d = ST_EXEC;
      // The read value is taken at every attempt, stalled or not: the last one, at the action edge, is
      // the one that ACKB presents, and the read register's enable is the state alone, not the stall.
      ST_EXEC: begin
        rdata_d = rdata_i;
        counter_word_d = counter_word_i;
        fifo_word_d  = fifo_word_i;
        if (!stall) state_d = ST_ACK;
      end
      ST_ACK:  if (holdb_i) state_d = ST_IDLE;
      default: ;
    endcase

    // D63..D0 and the CPU ID are read only at the action edge, and an interaction's start edge is the
    // last edge before it at which the interface is free; so they are loaded at every free edge, not at
    // the start alone, and the start decision, a function of the pins, enables ~20 flip-flops instead of
    // ~90 (its fan-out was the longest route on ECP5).
    // The all-ones flags: a written counter half's full flag and the carry of the Timestamp's lower half
    // when written in test mode. Computed here from the pins, the 32-input AND is no longer in front of
    // the flags they load (it was the UP5K's critical path, five LUT levels).
    if (free_to_start) begin
      data_d   = pin_data;
      ones28_d = &data_i[27:0];
      ones32_d = &data_i[31:0];
      cpu_d   = cpu_encoded;
    end
    if (start) begin
      armed_d = 1'b0;
      write_d = is_write;
      class_d = pin_class;
      addr_d  = addr_i;
      state_d = wait_state_i ? ST_WAIT : ST_EXEC;
    end

    // The attempts of the next edge: the one starting now without a wait state, the latched one at the
    // end of its wait state, or this one again when it waits. A stall comes only with an attempt of its
    // own direction (a sample write, a read-with-copy), so each kind is held by that stall alone, and no
    // attempt flip-flop waits on the other block's stall decision.
    attempt_read_d   = (`MK2_START_EXEC && !is_write) || (state_q == ST_WAIT && !write_q)
                    || (attempt_read_q && stall_read_i);
    attempt_write_d  = (`MK2_START_EXEC && is_write) || (state_q == ST_WAIT && write_q)
                    || (attempt_write_q && stall_write_i);
    attempt_sample_d = (`MK2_START_EXEC && pin_class[`MK2_CLASS_SAMPLE])
                    || (state_q == ST_WAIT && class_q[`MK2_CLASS_SAMPLE]) || (attempt_sample_q && stall_write_i);
    attempt_copy_d   = (`MK2_START_EXEC && pin_class[`MK2_CLASS_READ_COPY])
                    || (state_q == ST_WAIT && class_q[`MK2_CLASS_READ_COPY]) || (attempt_copy_q && stall_read_i);
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= ST_IDLE;
      armed_q <= 1'b1;
      write_q <= 1'b0;
      addr_q  <= 7'd0;
      data_q  <= 64'd0;
      ones28_q <= 1'b0;
      ones32_q <= 1'b0;
      cpu_q   <= 3'd0;
      rdata_q <= 64'd0;
      counter_word_q <= 32'd0;
      fifo_word_q <= 32'd0;
      class_q <= {`MK2_CLASS_COUNT{1'b0}};
      wait_write_q <= 1'b0;
      {attempt_read_q, attempt_write_q, attempt_sample_q, attempt_copy_q} <= 4'b0000;
    end else begin
      state_q <= state_d;
      armed_q <= armed_d;
      write_q <= write_d;
      addr_q  <= addr_d;
      data_q  <= data_d;
      ones28_q <= ones28_d;
      ones32_q <= ones32_d;
      cpu_q   <= cpu_d;
      rdata_q <= rdata_d;
      counter_word_q <= counter_word_d;
      fifo_word_q <= fifo_word_d;
      class_q <= class_d;
      wait_write_q <= wait_write_d;
      {attempt_read_q, attempt_write_q, attempt_sample_q, attempt_copy_q} <=
        {attempt_read_d, attempt_write_d, attempt_sample_d, attempt_copy_d};
    end
  end

  assign ackb_o      = (state_q != ST_ACK);
  assign rd_ack_o    = (state_q == ST_ACK) && !write_q;
  // One LUT after the flip-flops, which load only at an EXEC edge: D63..D0 may glitch only just after the
  // edge that starts ACKB (where the output enable turns on too) and are stable while ACKB is low.
  assign rdata_o     = rdata_q | {32'd0, counter_word_q | fifo_word_q};
  assign req_o       = (state_q == ST_EXEC);
  assign req_write_o = write_q;
  assign req_addr_o  = addr_q;
  assign req_data_o  = data_q;
  assign req_ones32_o = ones32_q;
  assign req_ones28_o = ones28_q;
  assign req_cpu_o   = cpu_q;
  assign req_class_o = class_q;
  assign attempt_read_o   = attempt_read_q;
  assign attempt_write_o  = attempt_write_q;
  assign attempt_sample_o = attempt_sample_q;
  assign attempt_copy_o   = attempt_copy_q;
  assign busy_o      = (state_q != ST_IDLE);
  assign ann_start_o   = `MK2_START_EXEC;
  mk2_announce #(.DECODED(ANNOUNCED), .IDLE_STATE(ST_IDLE), .ACK_STATE(ST_ACK)) announce (
    .armed_i(armed_q), .state_i(state_q), .wait_state_i(wait_state_i),
    .readb_i(readb_i), .writeb_i(writeb_i), .startb_i(startb_i), .holdb_i(holdb_i), .addr_i(addr_i),
    .start_write_o(start_write_o));
  assign ann_wait_o    = (state_q == ST_WAIT);
  // ... or the latched write at the end of its wait state (a start and the end of a wait state never
  // coincide: a start needs the interface idle or in ACK). Its decode is two first-level LUTs from flip-flops
  // in kept nets (lat_high_is: the latched address's bits 6..3 == h, unread for groups with no announced
  // address: lint waiver), so each strobe is one three-input LUT that shares its flip-flop's LUT, and ABC
  // cannot build the software reset's strobe (it feeds the counters' clears) from other strobes' terms.
  /* verilator lint_off UNUSEDSIGNAL */ (* keep *) wire [15:0] lat_high_is; /* verilator lint_on UNUSEDSIGNAL */
  (* keep *) wire [7:0]  lat_low_is;   // a latched write in its wait state, its address's bits 2..0 == l
  genvar a;
  generate
    for (a = 0; a < 16; a = a + 1) begin : lat_high
      assign lat_high_is[a] = addr_q[6:3] == a;
    end
    for (a = 0; a < 8; a = a + 1) begin : lat_low
      assign lat_low_is[a] = wait_write_q && addr_q[2:0] == a;
    end
    for (a = 0; a < `MK2_ADDR_COUNT; a = a + 1) begin : announced
      if (ANNOUNCED[a]) begin : decoded
        assign ann_write_o[a] = start_write_o[a] || (lat_high_is[a / 8] && lat_low_is[a % 8]);
      end else begin : not_decoded
        assign ann_write_o[a] = 1'b0;
      end
    end
  endgenerate
  assign pin_write_o   = is_write;
  assign pin_class_o   = pin_class;
  assign pin_addr_o    = addr_i;
  assign pin_data_o    = pin_data;
  assign start_o       = start;
  assign start_index_o = is_write ? cpu_encoded : addr_i[2:0];

`ifdef FORMAL
  // Properties (make formal, docs/formal.md): the bus handshake of docs/decisions.md section 2, by
  // k-induction, with the chip's stall inputs (each only at an attempt of its direction) and every pin free.
`include "mk2_formal_env.vh"
  // The WAITSTATE latch only changes in reset (mk2_chip); a reset pulse is not part of these properties.
  reg f_ws_q = 1'b0, f_rst_q = 1'b0;
  always @(posedge clk_i) begin f_ws_q <= wait_state_i; f_rst_q <= rst_ni; end
  always @* if (past_valid_q && rst_ni && f_rst_q) `MK2_ENV(wait_state_i == f_ws_q);
  // Only a sample write (mk2_sampler) and a read-with-copy (mk2_resource_counters) wait.
  always @* if (rst_ni) begin
    `MK2_ENV(!stall_write_i || (state_q == ST_EXEC && write_q));
    `MK2_ENV(!stall_read_i || (state_q == ST_EXEC && !write_q));
  end

  // f_held: the strobe that started the current interaction has been low at every edge since.
  // f_age: edges since the start edge (1 after it, saturating at 7); f_stalled: the chip stalled it.
  reg       f_held_q = 1'b0, f_stalled_q = 1'b0;
  reg [2:0] f_age_q = 3'd0;
  always @(posedge clk_i) begin
    if (!rst_ni) begin f_held_q <= 1'b0; f_age_q <= 3'd0; f_stalled_q <= 1'b0; end
    else if (start) begin f_held_q <= 1'b1; f_age_q <= 3'd1; f_stalled_q <= 1'b0; end
    else begin
      if (!strobe_active) f_held_q <= 1'b0;
      if (f_age_q != 3'd7 && f_age_q != 3'd0) f_age_q <= f_age_q + 3'd1;
      if (req_o && stall) f_stalled_q <= 1'b1;
    end
  end
  wire [2:0] f_w = {2'b00, wait_state_i};
  wire [`MK2_ADDR_COUNT-1:0] f_one = {{(`MK2_ADDR_COUNT-1){1'b0}}, 1'b1};
  wire [`MK2_CLASS_COUNT-1:0] f_class_one = {{(`MK2_CLASS_COUNT-1){1'b0}}, 1'b1};

  always @* if (past_valid_q && rst_ni) begin
    // no second interaction from a strobe held low
    if (f_held_q) assert(!start && !armed_q);
    // uncontended latency: the action is attempted at edge s+1+W (D2.3)
    if (state_q == ST_WAIT) assert(wait_state_i && f_age_q == 3'd1);
    if (state_q == ST_EXEC && !f_stalled_q) assert(f_age_q == 3'd1 + f_w);
    if (state_q != ST_IDLE) assert(f_age_q != 3'd0);
    assert(ackb_o == (state_q != ST_ACK));
    // the latched class is at most one class, of the latched direction (for the chip-level induction)
    assert((class_q & (class_q - f_class_one)) == {`MK2_CLASS_COUNT{1'b0}});
    if (class_q[`MK2_CLASS_READ_COPY] || class_q[`MK2_CLASS_READ_NO_COPY]) assert(!write_q);
    if (class_q & ~((f_class_one << `MK2_CLASS_READ_COPY) | (f_class_one << `MK2_CLASS_READ_NO_COPY))) assert(write_q);
    if (class_q[`MK2_CLASS_SAMPLE]) assert(addr_q[6:5] == 2'b11);
    if (class_q[`MK2_CLASS_READ_COPY]) assert(addr_q[6:4] == 3'b100);
    assert(rd_ack_o == (!ackb_o && !write_q));
    // the announced writes by address are the announced request's address decode
    assert(start_write_o == ((ann_start_o && pin_write_o) ? ANNOUNCED & (f_one << addr_i)
                                                            : {`MK2_ADDR_COUNT{1'b0}}));
    assert(wait_write_q == (state_q == ST_WAIT && write_q));
    assert(attempt_read_q == (req_o && !write_q) && attempt_write_q == (req_o && write_q));
    assert(attempt_sample_q == (req_o && class_q[`MK2_CLASS_SAMPLE]));
    assert(attempt_copy_q == (req_o && class_q[`MK2_CLASS_READ_COPY]));
    assert(ann_write_o == (start_write_o | ((ann_wait_o && write_q) ? ANNOUNCED & (f_one << addr_q)
                                                                     : {`MK2_ADDR_COUNT{1'b0}})));
    // the all-ones flags describe the latched data (the counters and the Timestamp rely on them)
    assert(ones28_q == &data_q[27:0] && ones32_q == &data_q[31:0]);
  end

  always @(posedge clk_i) begin
    if (past_valid_q && rst_ni && $past(rst_ni)) begin
      // ACKB is only ever asserted at an edge where the attempted action completed
      if (!ackb_o && $past(ackb_o)) assert($past(state_q) == ST_EXEC && !$past(stall));
      // ... at edge s+1+W when nothing stalled it (ACKB low after edge s+1+W, D2.3)
      if (!ackb_o && $past(ackb_o) && !$past(f_stalled_q)) assert(f_age_q == 3'd2 + f_w);
      // a stall delays ACKB by one clock per stalled edge: nothing happens at a stalled edge
      if ($past(req_o && stall)) assert(req_o && ackb_o);
      // ACKB low for exactly one node clock unless HOLDB holds it (D2.5)
      if (!$past(ackb_o) && $past(holdb_i)) assert(ackb_o);
      if (!$past(ackb_o) && !$past(holdb_i)) assert(!ackb_o);
      // the read value presented is the one taken at the action edge, the two words ORed in
      if (!ackb_o && $past(ackb_o))
        assert(rdata_o == ($past(rdata_i) | {32'd0, $past(counter_word_i) | $past(fifo_word_i)}));
      // read data stable while ACKB is low
      if (!$past(ackb_o) && !ackb_o) assert(rdata_o == $past(rdata_o) && rd_ack_o == $past(rd_ack_o));
      // strobes are ignored while an interaction runs: the latched request does not change
      if (($past(state_q) == ST_WAIT || $past(state_q) == ST_EXEC || ($past(state_q) == ST_ACK && !$past(holdb_i))))
        assert(!$past(start) && addr_q == $past(addr_q) && data_q == $past(data_q) && write_q == $past(write_q)
               && class_q == $past(class_q) && cpu_q == $past(cpu_q));
      // a start latches the pins
      if ($past(start)) assert(addr_q == $past(addr_i) && write_q == $past(readb_i) && !armed_q
                               && data_q == {$past(mode32_i) ? $past(high_order_i) : $past(data_i[63:32]),
                                             $past(data_i[31:0])}
                               && cpu_q == $past(cpu_encoded));
      // the announced request is the one presented (for accesses that never stall)
      if ($past(ann_start_o)) assert(req_o && addr_q == $past(pin_addr_o) && write_q == $past(pin_write_o));
      if ($past(ann_wait_o)) assert(req_o && addr_q == $past(addr_q) && write_q == $past(write_q));
      if ($past(ann_start_o)) assert(class_q == $past(pin_class_o));
      if (req_o && !$past(req_o)) assert($past(ann_start_o) || $past(ann_wait_o));
      // The 32-bit mode and the High Order register do not change from the start edge, where the data are
      // latched with them, to the action edge (both change only at action edges; docs/decisions.md D10.11)
      if ($past(start) || $past(state_q) == ST_WAIT || $past(req_o && stall))
        `MK2_ENV(mode32_i == $past(mode32_i) && high_order_i == $past(high_order_i));
      // With no wait states the action is attempted on the edge after the start.
      if ($past(start) && !$past(wait_state_i)) assert(state_q == ST_EXEC);
    end
  end

  // covers: ACKB held by HOLDB for two clocks, a stalled action, back-to-back starts at the ACKB edge
  always @(posedge clk_i) if (past_valid_q && rst_ni && $past(rst_ni, 3)) begin
    cover(!ackb_o && !$past(ackb_o) && !$past(ackb_o, 2));
    cover(!ackb_o && $past(f_stalled_q));
    cover($past(start) && $past(state_q) == ST_ACK);
    cover(!ackb_o && $past(ackb_o) && wait_state_i && !$past(f_stalled_q));
  end
`endif
  `undef MK2_START_EXEC
endmodule
`default_nettype wire
