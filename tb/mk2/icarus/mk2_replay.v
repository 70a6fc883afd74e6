// mk2_replay: replays recorded pins of mk2_chip under Icarus Verilog.
//
// Reads a pin file (one line per tick: the inputs applied in that tick and the outputs after its Node
// clock edge; see PIN_FORMAT below) written either by `mk2sim SCRIPT --pins FILE` (the same RTL under
// Verilator: a second simulator) or by `mk2model SCRIPT --pins FILE` (the C reference model, which
// writes the pins it does not model as x, and x is not compared). It drives the same inputs into
// mk2_chip and after every edge compares every output with the recorded value.
// The first difference stops the run with the tick number and the pin name; a clean run prints
// "REPLAY OK <ticks>". Clock domain: the testbench's own clk; one line = one clock.
//
// Plusargs: +pins=FILE (required). Defines: MK2_REPLAY_COUNT_AHEAD sets mk2_chip's COUNT_AHEAD.
`default_nettype none

module mk2_replay;
  reg         clk = 1'b0;
  reg         rst_n, tsclk, readb, writeb, startb, holdb, waitstate, testb, outdisb, netrdy;
  reg  [6:0]  addr;
  reg  [63:0] din;
  reg  [7:0]  cpu;
  reg  [15:0] ext;

  wire        ackb, data_oe, fifodab, netclk, parity, eom, out_en;
  wire        dbg_counter_phase, dbg_shadow_busy, dbg_net_busy, dbg_discard;
  wire [63:0] dout;
  wire [7:0]  ndata, test_o, dbg_fifo_count;
  wire [31:0] dbg_overrun;

  mk2_chip dut (
    .clk_i(clk), .rst_ni(rst_n), .tsclk_i(tsclk),
    .readb_i(readb), .writeb_i(writeb), .startb_i(startb), .holdb_i(holdb), .ackb_o(ackb),
    .addr_i(addr), .data_i(din), .data_o(dout), .data_oe_o(data_oe), .cpu_id_i(cpu), .waitstate_i(waitstate),
    .ext_i(ext), .testb_i(testb), .outdisb_i(outdisb),
    .netrdy_i(netrdy), .fifodab_o(fifodab), .netclk_o(netclk), .net_data_o(ndata), .net_parity_o(parity),
    .net_eom_o(eom), .test_o(test_o), .out_en_o(out_en),
    .dbg_fifo_count_o(dbg_fifo_count), .dbg_counter_phase_o(dbg_counter_phase),
    .dbg_shadow_busy_o(dbg_shadow_busy), .dbg_net_busy_o(dbg_net_busy), .dbg_discard_o(dbg_discard),
    .dbg_overrun_count_o(dbg_overrun), .hw_trigger_i(1'b0), .hw_trigger_word_i(32'd0)
  );
  // The chip's other form of the count decision (make replay-icarus-at-edge); a netlist has no parameters.
`ifdef MK2_REPLAY_COUNT_AHEAD
  defparam dut.COUNT_AHEAD = `MK2_REPLAY_COUNT_AHEAD;
`endif

  // recorded values
  reg [63:0] e_dout;
  reg [31:0] e_overrun;
  reg [7:0]  e_ndata, e_test, e_fifo_count;
  reg        e_ackb, e_data_oe, e_fifodab, e_netclk, e_parity, e_eom, e_out_en;
  reg        e_counter_phase, e_shadow_busy, e_net_busy, e_discard;

  integer fd, n, tick, lines;
  reg [8*256-1:0] path;
  reg [8*64-1:0] bad;

  task check1(input [8*32-1:0] name, input [63:0] got, input [63:0] want);
    begin
      // an x in the recording means "not recorded" (the C model's pin files leave unmodelled pins x)
      if (got !== want && bad == 0 && ^want !== 1'bx) begin
        $display("REPLAY DIFFER tick %0d pin %0s: icarus %h, recorded %h", tick, name, got, want);
        bad = 1;
      end
    end
  endtask

  // +waves=FILE dumps every signal of the chip (run vvp with -fst for an FST file that GTKWave opens).
  reg [8*256-1:0] waves_path;
  initial begin
    if ($value$plusargs("waves=%s", waves_path)) begin
      $dumpfile(waves_path);
      $dumpvars(0, dut);
    end
  end

  initial begin
    if (!$value$plusargs("pins=%s", path)) begin
      $display("mk2_replay: give +pins=FILE");
      $finish;
    end
    fd = $fopen(path, "r");
    if (fd == 0) begin
      $display("mk2_replay: cannot open %0s", path);
      $finish;
    end
    bad = 0;
    lines = 0;
    rst_n = 1'b0; tsclk = 0; readb = 1; writeb = 1; startb = 1; holdb = 1; waitstate = 0; testb = 1;
    outdisb = 1; netrdy = 0; addr = 0; din = 0; cpu = 0; ext = 0;
    // PIN_FORMAT (one tick per line, hex fields, comment lines start with '#'):
    //   tick rst_n tsclk readb writeb startb holdb addr data cpu waitstate ext testb outdisb netrdy
    //   ackb data_o data_oe fifodab netclk net_data parity eom test_o out_en
    //   fifo_count counter_phase shadow_busy net_busy discard overrun_count
    while (!$feof(fd) && bad == 0) begin
      n = $fscanf(fd, "%d %h %h %h %h %h %h %h %h %h %h %h %h %h %h ", tick, rst_n, tsclk, readb, writeb, startb,
                  holdb, addr, din, cpu, waitstate, ext, testb, outdisb, netrdy);
      if (n == 15) begin
        n = $fscanf(fd, "%h %h %h %h %h %h %h %h %h %h %h %h %h %h %h %h\n", e_ackb, e_dout, e_data_oe, e_fifodab,
                    e_netclk, e_ndata, e_parity, e_eom, e_test, e_out_en, e_fifo_count, e_counter_phase,
                    e_shadow_busy, e_net_busy, e_discard, e_overrun);
        if (n != 16) begin
          $display("REPLAY ERROR: %0s: bad output fields after tick %0d", path, tick);
          $finish;
        end
        #5 clk = 1'b1;
        #1;
        check1("ACKB", ackb, e_ackb);
        check1("D_OE", data_oe, e_data_oe);
        check1("D63..D0", dout, e_dout);
        check1("FIFODAB", fifodab, e_fifodab);
        check1("NETCLK", netclk, e_netclk);
        check1("N7..N0", ndata, e_ndata);
        check1("ODD_PARITY", parity, e_parity);
        check1("EOM", eom, e_eom);
        check1("T7..T0", test_o, e_test);
        check1("OUT_EN", out_en, e_out_en);
        check1("dbg_fifo_count", dbg_fifo_count, e_fifo_count);
        check1("dbg_counter_phase", dbg_counter_phase, e_counter_phase);
        check1("dbg_shadow_busy", dbg_shadow_busy, e_shadow_busy);
        check1("dbg_net_busy", dbg_net_busy, e_net_busy);
        check1("dbg_discard", dbg_discard, e_discard);
        check1("dbg_overrun_count", dbg_overrun, e_overrun);
        #4 clk = 1'b0;
        lines = lines + 1;
      end else begin
        n = $fgetc(fd);
        while (n != 10 && n != -1) n = $fgetc(fd);
      end
    end
    if (bad == 0) $display("REPLAY OK %0d", lines);
    $fclose(fd);
    $finish;
  end
endmodule

`default_nettype wire
