//===- Products.td - The ascube product capability table ---*- tablegen -*-===//
//
// THE declarative table of what each Ascend product's Cube core has: memory
// level capacities and alignments, the L0A layout, data paths, L1->L0
// bandwidth. Verifiers, docs/Products.md (ascube-products --markdown) and the
// unit tests all read it through ascube/Target/Target.h. Later issues add
// per-instruction dtype tables here as further GenericTables.
//
// Source of every value: ../shared/spec/cube-reference.md §0 (products,
// __NPU_ARCH__) and §1 (capacities, alignment, bandwidth, data paths).
// Values the reference marks [U] are chosen as documented in Notes and in
// docs/Rationale.md.
//
//===----------------------------------------------------------------------===//

include "llvm/TableGen/SearchableTable.td"

defvar KB = 1024;

class AscubeProduct<int index, string key, int arch, string docName,
                    string implDir> {
  // Position in the documented product order (0 = atlas_a2).
  bits<8> Index = index;
  // Spelling in IR: #ascube.target<NAME>.
  string Name = key;
  // __NPU_ARCH__ (§0).
  bits<16> Arch = arch;
  string DocName = docName;
  // asc-devkit implementation directory (§0).
  string ImplDir = implDir;

  // Capacity in bytes of each memory level (§1); 0 = the product has no
  // such level.
  bits<32> UB = 0;
  bits<32> L1 = 0;
  bits<32> L0A = !mul(64, KB);
  bits<32> L0B = !mul(64, KB);
  bits<32> L0C = 0;
  bits<32> BT = 0;
  bits<32> FB = 0;
  bits<32> L0AMX = 0;
  bits<32> L0BMX = 0;
  // The 4:2 sparse-index buffer (a quarter of L0B, implicitly addressed).
  bits<32> SparseIndex = 0;

  // Alignment in bytes of a buffer's start at each level (§1, §4).
  bits<16> GMAlign = 1;
  bits<16> UBAlign = 32;
  bits<16> L1Align = 32;
  bits<16> L0AAlign = 512;
  bits<16> L0BAlign = 512;
  bits<16> L0CAlign = 64;
  bits<16> BTAlign = 64;
  bits<16> FBAlign = 64;
  bits<16> L0AMXAlign = 32;
  bits<16> L0BMXAlign = 32;

  // Layout of the A operand in L0A (§2): Zz, except Nz on 950.
  code L0ALayout = [{::ascube::layout::Format::Zz}];
  // GM->L0A/L0B (and L1->GM) paths exist; removed on 950 (§1).
  bit HasGMToL0 = 1;
  // L1->L0A / L1->L0B bandwidth in bytes per cycle (§1); 0 = undocumented.
  bits<16> L1ToL0ABandwidth = 0;
  bits<16> L1ToL0BBandwidth = 0;
  // [U] choices and remarks, shown in docs/Products.md.
  string Notes = "";
}

def atlas_a2 : AscubeProduct<0, "atlas_a2", 2201,
                             "Atlas A2 training/inference series (910B)",
                             "dav_c220"> {
  let UB = !mul(192, KB); let L1 = !mul(512, KB); let L0C = !mul(128, KB);
  let BT = !mul(1, KB); let FB = !mul(2, KB); let SparseIndex = !mul(16, KB);
  let L1ToL0ABandwidth = 256; let L1ToL0BBandwidth = 128;
  let Notes = "UB usable 192 KB - 256 B and L1 usable 512 KB - 256 B per asc-devkit.";
}
def atlas_a3 : AscubeProduct<1, "atlas_a3", 2201,
                             "Atlas A3 training/inference series (910_93)",
                             "dav_c220"> {
  let UB = !mul(192, KB); let L1 = !mul(512, KB); let L0C = !mul(128, KB);
  let BT = !mul(1, KB); let FB = !mul(2, KB); let SparseIndex = !mul(16, KB);
  let L1ToL0ABandwidth = 256; let L1ToL0BBandwidth = 128;
  let Notes = "Same Cube core as atlas_a2 (arch 2201).";
}
def ascend950pr : AscubeProduct<2, "ascend950pr", 3510, "Ascend 950PR",
                                "dav_3510"> {
  let UB = !mul(256, KB); let L1 = !mul(512, KB); let L0C = !mul(256, KB);
  let BT = !mul(4, KB); let FB = !mul(4, KB); let L0AMX = !mul(4, KB); let L0BMX = !mul(4, KB);
  let L0ALayout = [{::ascube::layout::Format::Nz}];
  let HasGMToL0 = 0;
  let L1ToL0ABandwidth = 256; let L1ToL0BBandwidth = 256;
  let Notes = "UB 248 KB usable by default. L0A_MX/L0B_MX addresses are the L0A/L0B address / 16.";
}
def ascend950dt : AscubeProduct<3, "ascend950dt", 3510, "Ascend 950DT",
                                "dav_3510"> {
  let UB = !mul(256, KB); let L1 = !mul(512, KB); let L0C = !mul(256, KB);
  let BT = !mul(4, KB); let FB = !mul(4, KB); let L0AMX = !mul(4, KB); let L0BMX = !mul(4, KB);
  let L0ALayout = [{::ascube::layout::Format::Nz}];
  let HasGMToL0 = 0;
  let L1ToL0ABandwidth = 256; let L1ToL0BBandwidth = 256;
  let Notes = "Same Cube core as ascend950pr (arch 3510).";
}
def atlas_200i_500_a2 : AscubeProduct<4, "atlas_200i_500_a2", 3002,
                                      "Atlas 200I/500 A2 inference (310B)",
                                      "dav_m300"> {
  let UB = !mul(248, KB); let L1 = !mul(1024, KB); let L0C = !mul(128, KB);
  let BT = !mul(1, KB); let FB = !mul(2, KB);
  let Notes = "[U] UB 248 KB per asc-devkit (256 KB per AscendNPU-IR): the smaller is kept. [U] FB undocumented: 2 KB assumed, as arch 2201.";
}
def atlas_inference : AscubeProduct<5, "atlas_inference", 2002,
                                    "Atlas inference series AI Core (310P)",
                                    "dav_m200"> {
  let UB = !mul(256, KB); let L1 = !mul(1024, KB); let L0C = !mul(256, KB);
  let Notes = "No bias table and no fixpipe buffer.";
}
def atlas_training : AscubeProduct<6, "atlas_training", 1001,
                                   "Atlas training series (910A)",
                                   "dav_c100"> {
  let UB = !mul(256, KB); let L1 = !mul(1024, KB); let L0C = !mul(256, KB);
  let Notes = "No bias table and no fixpipe buffer.";
}
def kirin_x90 : AscubeProduct<7, "kirin_x90", 3003, "Kirin X90",
                              "dav_l300"> {
  let UB = !mul(128, KB); let L1 = !mul(1024, KB); let L0C = !mul(128, KB);
  let BT = !mul(1, KB); let FB = !mul(2, KB);
  let Notes = "Arch mapping [I]. UB tiling uses 118 KB. [U] FB undocumented: 2 KB assumed, as arch 2201.";
}
def kirin_9030 : AscubeProduct<8, "kirin_9030", 3113, "Kirin 9030",
                               "dav_l311"> {
  let UB = !mul(128, KB); let L1 = !mul(512, KB); let L0A = !mul(32, KB); let L0B = !mul(32, KB);
  let L0C = !mul(64, KB); let BT = !mul(1, KB); let FB = !mul(2, KB);
  let Notes = "Arch mapping [I]. UB tiling uses 118 KB. [U] FB undocumented: 2 KB assumed, as arch 2201.";
}

def ProductTable : GenericTable {
  let FilterClass = "AscubeProduct";
  let CppTypeName = "ProductInfo";
  let Fields = ["Index", "Name", "Arch", "DocName", "ImplDir",
                "UB", "L1", "L0A", "L0B", "L0C", "BT", "FB", "L0AMX", "L0BMX",
                "SparseIndex",
                "GMAlign", "UBAlign", "L1Align", "L0AAlign", "L0BAlign",
                "L0CAlign", "BTAlign", "FBAlign", "L0AMXAlign", "L0BMXAlign",
                "L0ALayout", "HasGMToL0", "L1ToL0ABandwidth",
                "L1ToL0BBandwidth", "Notes"];
  string TypeOf_L0ALayout = "code";
  let PrimaryKey = ["Index"];
  let PrimaryKeyName = "lookupProductByIndex";
}

def lookupProductByName : SearchIndex {
  let Table = ProductTable;
  let Key = ["Name"];
}
