`default_nettype none
`include "mk2_regmap.vh"
// mk2_fifo: the trace sample FIFO: FIFO_DEPTH entries of 161 bits (a 160-bit sample and the "Resource"
// bit that tells the network to append the shadow registers).
//
// Clock domain: clk_i. push_i writes an entry at this edge (the caller guarantees room); pop_i removes
// the head at this edge; flush_i (software reset) empties it. The head (head_o) is valid whenever
// count_o > 0 (nonempty_o, a flip-flop of its own) and, for an entry pushed into an empty FIFO at edge a,
// from just after edge a; at other times it is undefined (the RAM also writes its free slot when nothing is
// pushed, below). Storage is a block RAM read at the next read pointer with write-first bypass (ram_1r1w),
// so no 161-bit wide multiplexer is built from flops. Reads of addresses 25-29 (decoded at the start edge
// from pin_addr_i) return group A (bits 159:128) .. E (31:0) of the head, all ones when empty; rdata_o is 0
// for every other address (rd_owner_o low).
// The bypass covers the whole entry only with FULL_BYPASS = 1. In the chip as specified, an entry pushed at
// edge a can be looked at during the clock after a only by the network presenting its first byte (the
// header, bits 159:152): the processor's next action edge is a+2 or later (docs/decisions.md D2.3), and the
// network needs nothing else of a new head in that clock (byte 0 neither ends a sample nor uses bit 160).
// So only the header is bypassed, and the rest of the head is read from the RAM from edge a+1 on. The hybrid
// trigger pushes at any edge, so a read of 25-29 or of the CSR can follow it at a+1: FULL_BYPASS then.
// Parameters: FIFO_DEPTH, number of entries (2..255); FULL_BYPASS (0 or 1).
module mk2_fifo #(
  parameter FIFO_DEPTH  = 8,  // trace samples held while the network is busy or stalled
  parameter FULL_BYPASS = 1   // 1: every bit of a new head is valid right after its push
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         flush_i,
  input  wire         push_i,
  input  wire [`MK2_ENTRY_WIDTH-1:0] entry_i,
  input  wire         pop_i,
  output wire [`MK2_ENTRY_WIDTH-1:0] head_o,
  output wire [7:0]   count_o,
  output wire         nonempty_o,   // count_o != 0, from a flip-flop of its own
  output wire         full_o,
  input  wire         start_i,      // an interaction starts at this edge, with the address pin_addr_i
  input  wire [6:0]   pin_addr_i,
  input  wire [6:0]   act_addr_i,   // the request's address (latched at the start edge; formal only)
  output wire [63:0]  rdata_o,
  output wire         rd_owner_o    // the latched address is 25-29
);
  localparam PTR_W = $clog2(FIFO_DEPTH);
  localparam [PTR_W-1:0] LAST_SLOT = FIFO_DEPTH[PTR_W-1:0] - 1'b1;

  initial begin
    if (FIFO_DEPTH < 2 || FIFO_DEPTH > 255) begin
      $error("mk2_fifo: FIFO_DEPTH must be 2..255");
      $finish;
    end
    if (FULL_BYPASS != 0 && FULL_BYPASS != 1) begin $error("mk2_fifo: FULL_BYPASS must be 0 or 1"); $finish; end
  end

  reg [PTR_W-1:0] wr_ptr_q, wr_ptr_d;
  reg [PTR_W-1:0] rd_ptr_q, rd_ptr_d;
  // the slot after the read pointer's (next_ptr(rd_ptr_q)), a register of its own, so that a pop only
  // picks it: the pop reaches the RAM's read address through one LUT, not through the increment
  reg [PTR_W-1:0] rd_inc_q, rd_inc_d;
  reg [7:0]       count_q, count_d;
  reg             full_q, full_d;     // count_q == FIFO_DEPTH, kept as a register of its own
  reg             nonempty_q, nonempty_d; // count_q != 0: the network waits on it at every present edge
  reg             ram_we_q, ram_we_d;     // !full_q, a copy for the RAM's write enable (below)

  wire do_pop = pop_i && nonempty_q;
  reg  ram_match_d;  // the RAM writes the slot it reads at this edge (its write-first bypass)

  // The increment is written bit by bit (a bit toggles when the bits below it are all ones: a running
  // carry), so that yosys builds no carry chain: the next read pointer is the RAM's read address and
  // reaches the read-during-write match, where a chain's entry cost a LUT level (docs/fpga.md, thirteenth
  // round).
  function [PTR_W-1:0] next_ptr(input [PTR_W-1:0] ptr);
    integer b;
    reg     carry;
    begin
      carry = 1'b1;
      for (b = 0; b < PTR_W; b = b + 1) begin
        next_ptr[b] = ptr[b] ^ carry;
        carry       = carry & ptr[b];
      end
      if (ptr == LAST_SLOT) next_ptr = {PTR_W{1'b0}};
    end
  endfunction

  always @* begin
    wr_ptr_d = wr_ptr_q;
    rd_ptr_d = rd_ptr_q;
    rd_inc_d = rd_inc_q;
    count_d  = count_q;
    if (push_i) wr_ptr_d = next_ptr(wr_ptr_q);
    if (do_pop) begin
      rd_ptr_d = rd_inc_q;
      rd_inc_d = next_ptr(rd_inc_q);
    end
    // count_q +1 and -1 are computed from the register alone; push and pop only pick one of them, so
    // the push decision (which waits on the bus action) is not followed by a carry chain.
    full_d = full_q;
    // after a push the FIFO holds an entry; a pop alone empties it from one entry
    nonempty_d = push_i || (nonempty_q && !(do_pop && count_q == 8'd1));
    case ({push_i, do_pop})
      2'b10: begin
        count_d = count_q + 8'd1;
        full_d  = (count_q == FIFO_DEPTH[7:0] - 8'd1);
      end
      2'b01: begin
        count_d = count_q - 8'd1;
        full_d  = 1'b0;
      end
      default: count_d = count_q;
    endcase
    if (flush_i) begin
      wr_ptr_d = {PTR_W{1'b0}};
      rd_ptr_d = {PTR_W{1'b0}};
      rd_inc_d = next_ptr({PTR_W{1'b0}});
      count_d  = 8'd0;
      full_d   = 1'b0;
      nonempty_d = 1'b0;
    end
    ram_we_d = !full_d;
    // The RAM's read-during-write match (below), from the registers first and the pop and flush last:
    // the read address is 0 after a flush, the next slot after a pop, else the head's slot.
    ram_match_d = ram_we_q && (flush_i ? wr_ptr_q == {PTR_W{1'b0}}
                               : do_pop ? wr_ptr_q == rd_inc_q : wr_ptr_q == rd_ptr_q);
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_ptr_q <= {PTR_W{1'b0}};
      rd_ptr_q <= {PTR_W{1'b0}};
      rd_inc_q <= next_ptr({PTR_W{1'b0}});
      count_q  <= 8'd0;
      full_q   <= 1'b0;
      nonempty_q <= 1'b0;
      ram_we_q <= 1'b1;
    end else begin
      ram_we_q <= ram_we_d;
      full_q   <= full_d;
      nonempty_q <= nonempty_d;
      wr_ptr_q <= wr_ptr_d;
      rd_ptr_q <= rd_ptr_d;
      rd_inc_q <= rd_inc_d;
      count_q  <= count_d;
    end
  end

  // The RAM reads the next read pointer so that its registered output is the head after this edge.
  // It writes entry_i into the free slot at the write pointer at every edge where the FIFO is not full, not
  // only at a push: that slot holds no entry until a push moves the pointer past it, and the only read that
  // can return it (the next read pointer equal to the write pointer) leaves the FIFO empty, where no one
  // looks at the head (the network and the CSR's head-is-Resource bit wait for nonempty_o, group reads
  // return all ones). So the RAM's write enable is a flip-flop, and the push decision (the bus request, the
  // class, the stall conditions: five LUT levels) reaches only the pointers and the count, not the write
  // port of the 161-bit RAM. That flip-flop is a copy of !full_q (ram_we_q): on iCE40 the enable reaches
  // every bit's write mask (about 170 inputs), and full_q itself is read by the push decision, whose
  // route it lengthened.
  ram_1r1w #(.WIDTH(`MK2_ENTRY_WIDTH), .DEPTH(FIFO_DEPTH), .BYPASS_FROM(FULL_BYPASS != 0 ? 0 : `MK2_ENTRY_HEADER_LSB),
             .MATCH_PORT(1))
  sample_ram (
    .clk_i   (clk_i),
    .we_i    (ram_we_q),
    .waddr_i (wr_ptr_q),
    .wdata_i (entry_i),
    .raddr_i (rd_ptr_d),
    .match_i (ram_match_d),
    .rdata_o (head_o)
  );

  // FIFO group g reads the g-th 32-bit group of the sample, most significant first. The address is decoded
  // into one-hot flip-flops at the start edge (as the counters' read selects are), so that the read
  // register is an AND-OR over the head with its selects straight from flip-flops.
  localparam TOP = `MK2_ENTRY_HEADER_MSB;
  reg [`MK2_FIFO_GROUP_COUNT-1:0] rd_group_q, rd_group_d;  // act_addr_i is 25 + g
  reg                             rd_owner_q, rd_owner_d;  // the OR of rd_group_q, as a flip-flop
  // Each always block has a loop variable of its own, set on every path through it: a variable shared by
  // two blocks has two drivers, and a loop only under `if (start_i)` leaves its variable unset on the other
  // path, a latch (yosys 0.23 dropped it as unused; 0.70 stops with an error: docs/fpga.md, thirty-third
  // round).
  integer sel_g;
  always @* begin
    rd_group_d = rd_group_q;
    rd_owner_d = start_i ? `MK2_IS_FIFO_GROUP(pin_addr_i) : rd_owner_q;
    for (sel_g = 0; sel_g < `MK2_FIFO_GROUP_COUNT; sel_g = sel_g + 1)
      rd_group_d[sel_g] = start_i ? pin_addr_i == `MK2_ADDR_FIFO_GROUP + sel_g[6:0] : rd_group_q[sel_g];
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_group_q <= {`MK2_FIFO_GROUP_COUNT{1'b0}};
      rd_owner_q <= 1'b0;
    end else begin
      rd_group_q <= rd_group_d;
      rd_owner_q <= rd_owner_d;
    end
  end
  // D63..D32 read all ones; D31..D0 are an AND-OR over the group selects, all ones when the FIFO is empty
  reg [63:0] rdata;
  integer    or_g;
  always @* begin
    rdata = {{32{rd_owner_q}}, {32{rd_owner_q && !nonempty_q}}};
    for (or_g = 0; or_g < `MK2_FIFO_GROUP_COUNT; or_g = or_g + 1)
      rdata[31:0] = rdata[31:0] | ({32{rd_group_q[or_g]}} & head_o[TOP - 32 * or_g -: 32]);
  end

  // act_addr_i is what the read selects decode; only the formal properties read it
  wire unused_ok = &{1'b0, act_addr_i};

  assign count_o = count_q;
  assign full_o  = full_q;
  assign nonempty_o = nonempty_q;
  assign rdata_o = rdata;
  assign rd_owner_o = rd_owner_q;

`ifdef FORMAL
  // Properties (make formal, tb/formal/README in docs/formal.md): occupancy by k-induction at FIFO_DEPTH
  // 2, 8 and 16; entry order and contents by a bounded check (the RAM contents are not visible here).
`include "mk2_formal_env.vh"
  // The caller never pushes into a full FIFO (mk2_sampler checks full_o; the chip harness proves it).
  always @* if (rst_ni) `MK2_ENV(!(push_i && full_o));

  // Occupancy: count_q is the number of entries between the read and the write pointer.
  wire [7:0] f_used = (wr_ptr_q >= rd_ptr_q) ? {{(8-PTR_W){1'b0}}, wr_ptr_q - rd_ptr_q}
                    : FIFO_DEPTH[7:0] - {{(8-PTR_W){1'b0}}, rd_ptr_q - wr_ptr_q};
  integer f_g;
  always @* if (past_valid_q && rst_ni) begin
    assert({{(8-PTR_W){1'b0}}, wr_ptr_q} < FIFO_DEPTH[7:0]);
    assert({{(8-PTR_W){1'b0}}, rd_ptr_q} < FIFO_DEPTH[7:0]);
    assert(rd_inc_q == next_ptr(rd_ptr_q));
    assert(count_q <= FIFO_DEPTH[7:0]);
    assert(full_q == (count_q == FIFO_DEPTH[7:0]));
    assert(nonempty_q == (count_q != 8'd0));
    assert(ram_we_q == !full_q);
    // the RAM's match is its own comparison of the addresses it is given (ram_1r1w, MATCH_PORT 0)
    assert(ram_match_d == (ram_we_q && wr_ptr_q == rd_ptr_d));
    assert(count_q == ((wr_ptr_q == rd_ptr_q && full_q) ? FIFO_DEPTH[7:0] : f_used));
    assert(count_o == count_q && full_o == full_q && nonempty_o == nonempty_q);
    // the read selects are the decode of the request's address (the chip proves it; alone, assumed)
    for (f_g = 0; f_g < `MK2_FIFO_GROUP_COUNT; f_g = f_g + 1)
      `MK2_ENV(rd_group_q[f_g] == (act_addr_i == `MK2_ADDR_FIFO_GROUP + f_g[6:0]));
    assert(rd_owner_q == |rd_group_q);
  end
  always @(posedge clk_i) begin
    if (past_valid_q && rst_ni && $past(rst_ni) && !$past(flush_i)) begin
      // never read when empty: a pop of an empty FIFO changes nothing
      if ($past(pop_i) && $past(count_q) == 8'd0 && !$past(push_i))
        assert(count_q == 8'd0 && rd_ptr_q == $past(rd_ptr_q));
      // count follows push and pop one for one
      assert(count_q == $past(count_q) + {7'd0, $past(push_i)} - {7'd0, $past(do_pop)});
    end
    if (past_valid_q && rst_ni && $past(rst_ni) && $past(flush_i)) assert(count_q == 8'd0);
  end

`ifdef FORMAL_CONTENTS
  // Contents and order, by k-induction: an entry pushed into an arbitrary slot while n entries are in the
  // FIFO becomes the head after exactly n pops, with the value pushed, and leaves at the next pop.
  // f_slot and the data are chosen by the solver, so this holds for every entry. The RAM word at f_slot
  // (f_ram_slot) comes from ram_1r1w's FORMAL_RAM_PROBE port, wired by formal-run's connect: option
  // (mk/formal.mk), so that the induction can state what the RAM holds.
  (* anyconst *) reg [PTR_W-1:0] f_slot;
  wire [160:0] f_ram_slot;            // sample_ram's word at f_slot now (connect:)
  reg [160:0] f_data_q = 161'd0;
  reg         f_in_q = 1'b0;          // the tracked entry is in the FIFO
  reg         f_new_q = 1'b0;         // it was pushed at the last edge (the low bits follow one edge later)
  reg [7:0]   f_ahead_q = 8'd0;       // entries ahead of it: count_q at its push, less the pops since
  always @(posedge clk_i) begin
    f_new_q <= 1'b0;
    if (!rst_ni || flush_i) f_in_q <= 1'b0;
    else begin
      if (do_pop && f_in_q) begin
        if (f_ahead_q == 8'd0) f_in_q <= 1'b0;
        f_ahead_q <= f_ahead_q - 8'd1;
      end
      if (push_i && wr_ptr_q == f_slot) begin
        f_in_q <= 1'b1; f_data_q <= entry_i; f_new_q <= 1'b1;
        f_ahead_q <= count_q - {7'd0, do_pop};
      end
    end
  end
  always @* assume({{(8-PTR_W){1'b0}}, f_slot} < FIFO_DEPTH[7:0]);
  // f_slot's distance from the read pointer
  wire [7:0] f_off = (f_slot >= rd_ptr_q) ? {{(8-PTR_W){1'b0}}, f_slot - rd_ptr_q}
                   : FIFO_DEPTH[7:0] - {{(8-PTR_W){1'b0}}, rd_ptr_q - f_slot};
  always @* if (past_valid_q && rst_ni) begin
    // invariants: the tracked entry is in the FIFO exactly while its slot is occupied, the entries ahead of
    // it are the ones between the read pointer and it, and the RAM holds its value
    assert(f_in_q == (f_off < count_q));
    if (f_in_q) begin
      assert(f_ahead_q == f_off);
      assert(f_ram_slot == f_data_q);
    end
    assert(!f_new_q || f_in_q);
    // after n pops it is the head, with the value pushed (header byte from the clock after its push, the
    // whole entry one clock later with FULL_BYPASS 0 and at once with FULL_BYPASS 1)
    if (f_in_q && f_ahead_q == 8'd0) begin
      assert(rd_ptr_q == f_slot && count_q != 8'd0);
      assert(head_o[160:152] == f_data_q[160:152]);
      if (FULL_BYPASS != 0 || !f_new_q) assert(head_o == f_data_q);
    end
  end
  // covers: the tracked entry, pushed behind two others, reaches the head and is popped
  reg f_behind_q = 1'b0;              // it was pushed with at least two entries ahead of it
  always @(posedge clk_i) if (push_i && wr_ptr_q == f_slot) f_behind_q <= count_q >= 8'd2 && !do_pop;
  always @* if (past_valid_q && rst_ni) begin
    cover(f_in_q && f_behind_q && f_ahead_q == 8'd0 && !f_new_q);
    cover(f_in_q && f_behind_q && f_ahead_q == 8'd0 && do_pop);
  end

`endif

  // covers: full, and empty again after being full
  reg f_was_full_q = 1'b0;
  always @(posedge clk_i) if (full_q) f_was_full_q <= 1'b1;
  always @* if (past_valid_q && rst_ni) begin
    cover(full_o);
    cover(f_was_full_q && count_q == 8'd0);
    cover(push_i && pop_i && count_q != 8'd0);
  end
`endif
endmodule
`default_nettype wire
