`default_nettype none
// mk2_trace_sink: takes the MultiKron II network output into an on-chip buffer read over Wishbone.
//
// What: at every node-clock edge where NETCLK rises (a take edge, docs/decisions.md D6.1) and FIFODAB was
// low before it, the element {EOM, ODD_PARITY, N7..N0} is written into a DEPTH-element buffer, its parity
// checked (the byte and ODD_PARITY must hold an odd number of ones; a failure is counted, the element is
// kept as received). NETRDY is the buffer's not-full, and changes only at take edges, so that it is stable
// from one take edge to the next: it is valid at the present edge where the chip samples it (NETCLK falls)
// and stays high until the take edge of a byte presented there (docs/mk2-interface.md "NETRDY setup").
// It is computed from the fill after the take edge, so the byte of the next present edge always has room:
// no byte is lost. A byte taken while the buffer is full (only a network that ignores NETRDY sends one) is
// dropped and counted in OVERFLOW, never silently.
// Wishbone B4 pipelined slave, 32-bit, word addresses (byte address = 4 * word):
//   0 DATA     read: pops the oldest element: [31] valid (0: buffer empty, nothing popped), [9] EOM,
//              [8] ODD_PARITY, [7:0] N7..N0; reads 0 when empty
//   1 STATUS   [15:0] fill (elements), [23:16] parity errors, [31:24] overflows (both saturating at 255)
//   2 PARERR   parity errors (COUNT_W bits, wrapping)   3 OVERFLOW  bytes dropped because full (COUNT_W bits)
//   4 TAKEN    bytes taken from the network (COUNT_W bits, wrapping); all three read zero-extended to 32 bits
//   5 CHIP     the chip's status: [7:0] FIFO entries, [8] Resource counter phase, [9] a sample part-way out,
//              [10] shadow registers busy, [31:16] DEPTH
//   6 CTRL     [0] pause (read/write): NETRDY held low, the chip's network waits (nothing is lost);
//              writing [1] = 1 clears PARERR, OVERFLOW, TAKEN and the STATUS counts
//   7          reads 0
// Writes other than to CTRL are acknowledged and ignored; ERR is never given; STALL is never high.
// Clock domain: clk_i, the MultiKron II node clock (NETCLK and the network pins are registers of the chip
// in that domain; net_clk_i is used as the take/present phase, not as a clock). rst_ni synchronous.
// Latency: ACK one clock after the request is accepted; a request may be accepted every clock.
// Parameters: DEPTH (elements, 2..32768); COUNT_W (width of PARERR, OVERFLOW, TAKEN: 16..32; 32 but on a
// device with no room to spare, the iCEBreaker's UP5K). A master that empties the buffer before each MultiKron II access
// never deadlocks on a write that waits for FIFO space if DEPTH >= 84 * (FIFO_DEPTH + 1) (docs/integration.md).
module mk2_trace_sink #(
  parameter DEPTH   = 1024,
  parameter COUNT_W = 32    // width of the PARERR, OVERFLOW and TAKEN counters
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // MultiKron II network output (from mk2_chip)
  input  wire        net_clk_i,
  input  wire        net_fifodab_i,
  input  wire [7:0]  net_data_i,
  input  wire        net_parity_i,
  input  wire        net_eom_i,
  output wire        net_rdy_o,
  // the chip's status (mk2_chip dbg_* outputs)
  input  wire [7:0]  chip_fifo_count_i,
  input  wire        chip_counter_phase_i,
  input  wire        chip_net_busy_i,
  input  wire        chip_shadow_busy_i,
  // Wishbone B4 pipelined slave
  input  wire        wb_cyc_i,
  input  wire        wb_stb_i,
  input  wire        wb_we_i,
  input  wire [2:0]  wb_adr_i,
  input  wire [31:0] wb_dat_i,
  input  wire [3:0]  wb_sel_i,
  output wire        wb_stall_o,
  output wire        wb_ack_o,
  output wire        wb_err_o,
  output wire [31:0] wb_dat_o
);
  localparam AW = $clog2(DEPTH);
  localparam FW = $clog2(DEPTH + 1);
  localparam integer  LAST_I = DEPTH - 1;
  localparam [AW-1:0] LAST = LAST_I[AW-1:0];
  localparam integer  DEPTH_I = DEPTH;
  localparam [FW-1:0] FULL = DEPTH_I[FW-1:0];
  localparam [15:0]   DEPTH16 = DEPTH_I[15:0];

  initial begin
    if (DEPTH < 2 || DEPTH > 32768) begin $error("mk2_trace_sink: DEPTH must be 2..32768"); $finish; end
    if (COUNT_W < 16 || COUNT_W > 32) begin $error("%m: COUNT_W must be 16..32"); $finish; end
  end

  reg [AW-1:0] wr_q,     wr_d;
  reg [AW-1:0] rd_q,     rd_d;
  reg [FW-1:0] fill_q,   fill_d;
  reg          rdy_q,    rdy_d;     // NETRDY
  reg          pause_q,  pause_d;
  reg [COUNT_W-1:0] parerr_q, parerr_d;
  reg [COUNT_W-1:0] over_q,   over_d;
  reg [COUNT_W-1:0] taken_q,  taken_d;
  reg          ack_q,    ack_d;
  reg          pop_q,    pop_d;     // the answer is a popped element (from the RAM)
  reg [31:0]   rdat_q,   rdat_d;    // the answer otherwise

  wire        take   = !net_clk_i && !net_fifodab_i;  // NETCLK rises at this edge, a byte was presented
  wire        par_ok = ^{net_parity_i, net_data_i};
  wire        store  = take && fill_q != FULL;
  wire        req    = wb_cyc_i && wb_stb_i;          // never stalled
  wire        pop    = req && !wb_we_i && wb_adr_i == 3'd0 && fill_q != {FW{1'b0}};
  wire [9:0]  ram_rdata;
  wire        unused = &{1'b0, wb_dat_i[31:2], wb_sel_i[3:1]};

  ram_1r1w #(.WIDTH(10), .DEPTH(DEPTH)) u_buf (
    .clk_i(clk_i), .we_i(store), .waddr_i(wr_q), .wdata_i({net_eom_i, net_parity_i, net_data_i}),
    .match_i(1'b0), .raddr_i(rd_q), .rdata_o(ram_rdata));

  localparam [COUNT_W-1:0] CNT0 = {COUNT_W{1'b0}};
  localparam [COUNT_W-1:0] CNT1 = {{(COUNT_W-1){1'b0}}, 1'b1};

  function [7:0] sat8(input [COUNT_W-1:0] v);
    sat8 = |v[COUNT_W-1:8] ? 8'hff : v[7:0];
  endfunction

  always @* begin
    wr_d     = wr_q;
    rd_d     = rd_q;
    fill_d   = fill_q;
    rdy_d    = rdy_q;
    pause_d  = pause_q;
    parerr_d = parerr_q;
    over_d   = over_q;
    taken_d  = taken_q;
    ack_d    = 1'b0;
    pop_d    = 1'b0;
    rdat_d   = rdat_q;
    // the network side
    if (take) begin
      taken_d = taken_q + CNT1;
      if (!par_ok) parerr_d = parerr_q + CNT1;
      if (store) wr_d = wr_q == LAST ? {AW{1'b0}} : wr_q + 1'b1;
      else over_d = over_q + CNT1;
    end
    // the bus side
    if (req) begin
      ack_d  = 1'b1;
      rdat_d = 32'd0;
      if (wb_we_i) begin
        if (wb_adr_i == 3'd6) begin
          if (wb_sel_i[0]) begin
            pause_d = wb_dat_i[0];
            if (wb_dat_i[1]) begin
              parerr_d = CNT0;
              over_d   = CNT0;
              taken_d  = CNT0;
            end
          end
        end
      end else begin
        case (wb_adr_i)
          3'd0: begin
            pop_d = pop;
            if (pop) rd_d = rd_q == LAST ? {AW{1'b0}} : rd_q + 1'b1;
          end
          3'd1: rdat_d = {sat8(over_q), sat8(parerr_q), {{(16 - FW){1'b0}}, fill_q}};
          3'd2: rdat_d[COUNT_W-1:0] = parerr_q;
          3'd3: rdat_d[COUNT_W-1:0] = over_q;
          3'd4: rdat_d[COUNT_W-1:0] = taken_q;
          3'd5: rdat_d = {DEPTH16, 5'd0, chip_shadow_busy_i, chip_net_busy_i, chip_counter_phase_i, chip_fifo_count_i};
          3'd6: rdat_d = {31'd0, pause_q};
          default: rdat_d = 32'd0;
        endcase
      end
    end
    fill_d = fill_q + {{(FW-1){1'b0}}, store} - {{(FW-1){1'b0}}, pop};
    // NETRDY changes only at take edges: stable from one take edge to the next (see the header)
    if (!net_clk_i) rdy_d = fill_d != FULL && !pause_d;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_q     <= {AW{1'b0}};
      rd_q     <= {AW{1'b0}};
      fill_q   <= {FW{1'b0}};
      rdy_q    <= 1'b0;
      pause_q  <= 1'b0;
      parerr_q <= CNT0;
      over_q   <= CNT0;
      taken_q  <= CNT0;
      ack_q    <= 1'b0;
      pop_q    <= 1'b0;
      rdat_q   <= 32'd0;
    end else begin
      wr_q     <= wr_d;
      rd_q     <= rd_d;
      fill_q   <= fill_d;
      rdy_q    <= rdy_d;
      pause_q  <= pause_d;
      parerr_q <= parerr_d;
      over_q   <= over_d;
      taken_q  <= taken_d;
      ack_q    <= ack_d;
      pop_q    <= pop_d;
      rdat_q   <= rdat_d;
    end
  end

  assign net_rdy_o  = rdy_q;
  assign wb_stall_o = 1'b0;
  assign wb_ack_o   = ack_q && wb_cyc_i;
  assign wb_err_o   = 1'b0;
  assign wb_dat_o   = pop_q ? {1'b1, 21'd0, ram_rdata} : rdat_q;

`ifdef FORMAL
  // The environment is the chip's network (D6.1, D6.2); the past values are explicit registers so that
  // every property below is checked in the step it names.
  reg f_past_q = 1'b0, f_clk_q = 1'b0, f_fdab_q = 1'b1, f_rdy_q = 1'b0, f_rst_q = 1'b0;
  always @(posedge clk_i) begin
    f_past_q <= 1'b1;
    f_clk_q  <= net_clk_i;
    f_fdab_q <= net_fifodab_i;
    f_rdy_q  <= net_rdy_o;
    f_rst_q  <= rst_ni;
  end
  always @* begin
    if (!f_past_q) assume(!rst_ni);
    if (!rst_ni) assume(net_fifodab_i);
    if (f_past_q) begin
      // NETCLK toggles at every edge; FIFODAB changes only at an edge where NETCLK falls
      assume(net_clk_i != f_clk_q);
      if (!f_clk_q) assume(net_fifodab_i == f_fdab_q);
      // a byte is presented only when NETRDY was high (and the sink out of reset) at the present edge
      if (f_clk_q && !net_fifodab_i) assume(f_rdy_q && f_rst_q);
    end
    if (f_past_q && rst_ni) begin
      assert(fill_q <= FULL);
      // NETRDY high means room; a byte being taken was presented with NETRDY high, which stayed high
      if (rdy_q) assert(fill_q != FULL);
      if (take) assert(rdy_q);
      // so a byte presented always has room: nothing is ever dropped
      if (take) assert(fill_q != FULL);
      // NETRDY stays high from a present edge to the take edge after it
      if (f_rst_q && f_clk_q && f_rdy_q) assert(net_rdy_o);
      // the fill is the distance between the pointers (DEPTH a power of two here)
      if ((DEPTH & (DEPTH - 1)) == 0) assert(wr_q - rd_q == fill_q[AW-1:0]);
      cover(fill_q == FULL && !net_rdy_o);
      cover(take && fill_q == FULL - 1);
    end
  end
`endif
endmodule
`default_nettype wire
