`default_nettype none
// mk2_floor_read_top: the shortest structure of the MultiKron II that must finish in one node clock, alone on
// the FPGA, so that place-and-route measures its Fmax with nothing else competing for the routing
// (make synth-floor, docs/fpga.md "The floor"). Not part of the product.
//
// The structure is the read path. With no wait state, an interaction that starts at edge s acts at edge s+1
// and returns the register values as they are at that edge (docs/decisions.md D2.3, D2.6), so the choice
// among every readable value happens between two consecutive edges. Its shortest form is an AND-OR over
// one-hot selects that are flip-flops (the chip decodes the address into them at the start edge) and values
// that are flip-flops, into the read register. Per bit of D31..D0 the chip chooses among 48 terms: 16
// counters and 16 shadows (the counter-or-shadow choice folded into the selects), Enable, Mode, Clock
// Select, CSR, Filter, Wait, Overrun, High Order, the Source Address looked up at the start edge, the
// Timestamp, the FIFO group's 5 words and the all-ones of an unused address. Here every term's value is a
// flip-flop (in the chip the FIFO words and the Source Address come from block RAM, which is slower), the
// values and selects are shift registers fed from pins (so no tool can prove a select constant or two
// selects exclusive), and the read register is folded into one parity bit so nothing is optimised away.
// FILL stands in for the rest of the chip's logic cells: a chain of FILL filler cells, flip-flops loaded
// from the pin (the first), the pin and the first (the second), and the XOR of the two before them (every
// later one): one LUT and one flip-flop, one logic cell each, with no path longer than one LUT. So the read
// path is placed and routed in a device as full as the chip makes it, by logic that asks nothing of the
// timing: the most favourable case for the read path at the chip's size.
//
// Clock domain: clk_i. Latency: source_bit_i reaches the values after 1..SOURCES*WIDTH clocks; result_o is
// the parity of the read register (and of the filler chain's last flip-flop), one clock after it. No reset:
// nothing here is control state.
// Parameters: SOURCES (terms per read-data bit, 48 in the chip), WIDTH (read-data bits, 32), FILL (filler
// cells, 0 for the read path alone).
module mk2_floor_read_top #(
  parameter SOURCES = 48,  // terms a read-data bit chooses among (2 or more)
  parameter WIDTH   = 32,  // read-data bits (1 or more)
  parameter FILL    = 0    // filler logic cells (0, or 3 or more)
) (
  input  wire clk_i,
  // stimulus
  input  wire source_bit_i,   // shifted into the values
  input  wire select_bit_i,   // shifted into the selects
  input  wire fill_bit_i,     // shifted into the filler chain (unused when FILL is 0)
  // observation
  output wire result_o        // parity of the read register
);
  initial begin
    if (SOURCES < 2) begin $error("%m: SOURCES must be 2 or more"); $finish; end
    if (WIDTH < 1)   begin $error("%m: WIDTH must be 1 or more"); $finish; end
    if (FILL != 0 && FILL < 3) begin $error("%m: FILL must be 0, or 3 or more"); $finish; end
  end

  reg [SOURCES*WIDTH-1:0] value_q, value_d;
  reg [SOURCES-1:0]       select_q, select_d;
  reg [WIDTH-1:0]         read_q, read_d;
  reg                     result_q, result_d;
  integer                 term;
  wire                    fill_out;  // the filler chain's last flip-flop (0 without a filler)

  always @* begin
    value_d  = {value_q[SOURCES*WIDTH-2:0], source_bit_i};
    select_d = {select_q[SOURCES-2:0], select_bit_i};
    read_d   = {WIDTH{1'b0}};
    for (term = 0; term < SOURCES; term = term + 1)
      read_d = read_d | ({WIDTH{select_q[term]}} & value_q[WIDTH*term +: WIDTH]);
    result_d = ^read_q ^ fill_out;
  end

  // The filler, when there is one: its last flip-flop joins the parity, so synthesis keeps the chain.
  generate
    if (FILL >= 3) begin : filler
      reg [FILL-1:0] fill_q, fill_d;
      always @* fill_d = {fill_q[FILL-2:0] ^ {fill_q[FILL-3:0], fill_bit_i}, fill_bit_i};
      always @(posedge clk_i) fill_q <= fill_d;
      assign fill_out = fill_q[FILL-1];
    end else begin : no_filler
      // waiver: the filler's input pin is left unread without a filler, so one top serves both forms
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused_fill_bit = fill_bit_i;
      /* verilator lint_on UNUSEDSIGNAL */
      assign fill_out = 1'b0;
    end
  endgenerate

  always @(posedge clk_i) begin
    value_q  <= value_d;
    select_q <= select_d;
    read_q   <= read_d;
    result_q <= result_d;
  end

  assign result_o = result_q;
endmodule
`default_nettype wire
