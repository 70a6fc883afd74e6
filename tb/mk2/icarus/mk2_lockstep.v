// mk2_lockstep: drives mk2_chip with seeded random processor traffic and random asynchronous inputs under
// Icarus Verilog and writes every output pin after every node clock edge, one line a clock. scripts/
// mk2-lockstep runs it on the work tree's RTL and on a git revision's and compares the two files: a
// check for changes that must leave the pins as they were but add or remove state, where scripts/
// mk2-equiv (register-by-register equivalence) cannot be used. The first difference names the clock.
// The traffic: sample writes (96-127), FIFO group reads and test-mode writes (25-29), counter reads,
// writes and increments (64-95), CSR, Filter and software-reset writes, the counter registers (8-15),
// Timestamp writes and increments (2, 16), any other address; one written value in four with its low
// word or low 28 bits all ones; STARTB held until ACKB, HOLDB random; NETRDY, OUTDISB, TSCLK, X15..X0 and TESTB
// random; now and then a hardware reset; with HW_TRIGGER the hybrid trigger pulses.
// Parameters (iverilog -P): SEED, HW_TRIGGER (0/1), FIFO_DEPTH, WAIT_STATE (0/1), CLOCKS; +out=FILE.
// Clock domain: the testbench's own clk, 10 time units a node clock. Inputs change at the falling edge.
`default_nettype none
`timescale 1ns/1ps
module mk2_lockstep;
  parameter SEED       = 1;
  parameter HW_TRIGGER = 0;
  parameter FIFO_DEPTH = 8;
  parameter WAIT_STATE = 0;
  parameter CLOCKS     = 100000;
  reg clk = 1'b0, rst_n = 1'b0, tsclk = 1'b0;
  reg readb = 1'b1, writeb = 1'b1, startb = 1'b1, holdb = 1'b1;
  reg [6:0] addr = 7'd0; reg [63:0] data = 64'd0; reg [7:0] cpu = 8'd0;
  reg [15:0] ext = 16'd0; reg testb = 1'b1, outdisb = 1'b1, netrdy = 1'b1, hw_trig = 1'b0;
  reg [31:0] hw_word = 32'd0;
  wire ackb, data_oe, fifodab, netclk, parity, eom, out_en, dbg_phase, dbg_shadow, dbg_net, dbg_discard, dbg_ts;
  wire [63:0] data_o; wire [7:0] net_data, test_o, dbg_count; wire [31:0] dbg_overrun;
  mk2_chip #(.FIFO_DEPTH(FIFO_DEPTH), .HW_TRIGGER(HW_TRIGGER), .HW_TRIGGER_LEVEL(3), .HW_TRIGGER_CPU(5)) dut (
    .clk_i(clk), .rst_ni(rst_n), .tsclk_i(tsclk), .readb_i(readb), .writeb_i(writeb), .startb_i(startb),
    .holdb_i(holdb), .ackb_o(ackb), .addr_i(addr), .data_i(data), .data_o(data_o), .data_oe_o(data_oe),
    .cpu_id_i(cpu), .waitstate_i(WAIT_STATE[0]), .ext_i(ext), .testb_i(testb), .outdisb_i(outdisb),
    .netrdy_i(netrdy), .fifodab_o(fifodab), .netclk_o(netclk), .net_data_o(net_data), .net_parity_o(parity),
    .net_eom_o(eom), .test_o(test_o), .out_en_o(out_en), .hw_trigger_i(hw_trig), .hw_trigger_word_i(hw_word),
    .dbg_fifo_count_o(dbg_count), .dbg_counter_phase_o(dbg_phase), .dbg_shadow_busy_o(dbg_shadow),
    .dbg_net_busy_o(dbg_net), .dbg_discard_o(dbg_discard), .dbg_overrun_count_o(dbg_overrun),
    .dbg_tsclk_overspeed_o(dbg_ts));
  integer seed, clock, phase, waited, fd, r;
  reg [1023:0] out_file;
  initial begin
    if (!$value$plusargs("out=%s", out_file)) begin $display("mk2_lockstep: +out=FILE missing"); $finish; end
    fd = $fopen(out_file, "w");
    seed = SEED; phase = 0; waited = 0;
    for (clock = 0; clock < CLOCKS; clock = clock + 1) begin
      #5 clk = 1'b1;
      #1 $fwrite(fd, "%0d %b %h %b %b %b %b %h %b %b %h %h %b %b %b %b %h %b\n", clock, ackb, data_o, data_oe,
                 fifodab, netclk, parity, net_data, eom, out_en, test_o, dbg_count, dbg_phase, dbg_shadow,
                 dbg_net, dbg_discard, dbg_overrun, dbg_ts);
      #4 clk = 1'b0;
      if (clock == 4) rst_n = 1'b1;
      if (clock > 100 && ($random(seed) & 32'hffff) == 0) rst_n = 1'b0;
      else if (!rst_n && clock > 4 && ($random(seed) & 3) == 0) rst_n = 1'b1;
      if (($random(seed) % 3) == 0) tsclk = !tsclk;
      netrdy  = ($random(seed) & 7) != 0;
      outdisb = ($random(seed) & 63) != 0;
      if (($random(seed) & 1023) == 0) testb = !testb;
      ext     = $random(seed);
      hw_trig = HW_TRIGGER != 0 && ($random(seed) & 15) == 0;
      hw_word = $random(seed);
      case (phase)
        0: begin  // idle: now and then an interaction starts
          readb = 1'b1; writeb = 1'b1; startb = 1'b1; holdb = 1'b1;
          if (($random(seed) & 3) == 0) begin
            r = $random(seed) & 255;
            if (r < 80)       begin addr = 96 + ($random(seed) & 31); writeb = 1'b0; end
            else if (r < 120) begin addr = 25 + (($random(seed) & 255) % 5); readb = 1'b0; end
            else if (r < 135) begin addr = 25 + (($random(seed) & 255) % 5); writeb = 1'b0; end
            else if (r < 170) begin addr = 64 + ($random(seed) & 31); if ($random(seed) & 1) readb = 1'b0; else writeb = 1'b0; end
            else if (r < 180) begin addr = 1; writeb = 1'b0; end
            else if (r < 188) begin addr = 4; writeb = 1'b0; end
            else if (r < 190) begin addr = 0; writeb = 1'b0; end
            else if (r < 200) begin addr = 8 + ($random(seed) & 7); if ($random(seed) & 1) readb = 1'b0; else writeb = 1'b0; end
            else if (r < 215) begin addr = ($random(seed) & 1) ? 2 : 16; if ($random(seed) & 1) readb = 1'b0; else writeb = 1'b0; end
            else              begin addr = $random(seed); if ($random(seed) & 1) readb = 1'b0; else writeb = 1'b0; end
            data = {$random(seed), $random(seed)};
            // values whose low word or low 28 bits are all ones: the carries a written counter half and the
            // Timestamp's lower half start with (random data would almost never have them)
            case ($random(seed) & 7)
              0: data[31:0] = 32'hFFFF_FFFF;
              1: data[27:0] = 28'hFFF_FFFF;
              default: ;
            endcase
            if (addr == 1 || addr == 4) data = data | {$random(seed), $random(seed)};
            cpu = $random(seed);
            startb = 1'b0; phase = 1; waited = 0;
          end
        end
        1: begin  // strobes held until ACKB falls
          waited = waited + 1;
          if (!ackb || waited > 200) begin phase = 2; holdb = ($random(seed) & 3) != 0; end
        end
        default: begin
          readb = 1'b1; writeb = 1'b1; startb = 1'b1; holdb = ($random(seed) & 3) != 0;
          if (holdb) phase = 0;
        end
      endcase
    end
    $fclose(fd);
    $finish;
  end
endmodule
`default_nettype wire
