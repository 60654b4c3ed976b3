//===- Products.td - The ascube product capability table ---*- tablegen -*-===//
//
// THE declarative table of what each Ascend product's Cube core has: memory
// level capacities and alignments, the L0A layout, data paths, L1->L0
// bandwidth. Verifiers, docs/Products.md (ascube-products --markdown) and the
// unit tests all read it through ascube/Target/Target.h. Below the product
// rows: the per-instruction dtype tables and the Fixpipe quantization modes,
// as further GenericTables. A rule that differs between products reads a
// capability bit or a table row here, never an __NPU_ARCH__ number.
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
  // The short name diagnostics use for the products sharing a Cube core
  // ("A2/A3", "950").
  string Family = "";
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
  // Instructions and switches (cube-reference §5-§16).
  bit HasND2NZ = 1;          // DataCopy ND2NZ (§5; not on 310B)
  bit HasDN2NZ = 0;          // DataCopy DN2NZ (§5; 950)
  bit HasNZ2DN = 0;          // Fixpipe NZ2DN (§16; 950)
  bit HasFixpipe = 1;        // Fixpipe L0C -> GM/L1 (§16)
  bit HasCmatrixSource = 0;  // Mmad bias / cmatrixSource (§13.1)
  bit HasKDirectionAlign = 0;// Mmad kDirectionAlign = true (§13.1)
  bit HasDisableGemv = 0;    // Mmad disableGemv (§13.1; 950)
  bit HasLoad2DV2 = 0;       // LoadData 2D-v2 (§8; 950)
  bit HasLoad2DDstGap = 1;   // LoadData 2D honours dstGap (§6; ignored on 950)
  bit HasTransposeV1 = 0;    // LoadDataWithTranspose V1 (§7; A2/A3, 310B, X90)
  bit HasTransposeV2 = 0;    // LoadDataWithTranspose V2 (§7; 950, L1 -> L0B)
  bit HasLoad3DV1 = 0;       // LoadData 3D V1 (§10.2; 310P, 910A)
  bit HasLoad3DV2 = 1;       // LoadData 3D V2 (§10; not 910A, 9030)
  // LoadData 3D repeats placed dstStride fractals apart, the field needed
  // by a repeating instruction (§10; 950); elsewhere one window apart.
  bit HasLoad3DDstStride = 0;
  // LoadData 3D mStartPt a multiple of 16 for b8/b16 (§10; A2/A3's
  // implementation check [I]).
  bit Load3DMStartAlign16 = 0;
  bit HasMX = 0;             // LoadData MX / MmadMx (§9, §15; 950)
  bit HasSparse = 0;         // LoadDataWithSparse / MmadWithSparse (§12, §14)
  bit HasClipRelu = 0;       // Fixpipe ClipReLU (§16; 310B, Kirin)
  bit HasL0CToUB = 0;        // Fixpipe L0C -> UB (§16; 950, 310B)
  // FixpipeParamsArch3510 (§16; 950): its L0C -> UB move takes them.
  bit HasFixpipeArch3510 = 0;
  // Fixpipe L0C -> UB into both vector cores' UB (dualDstCtrl, subBlockId;
  // §16; 950).
  bit HasFixpipeDualDst = 0;
  // The MCB shift mode of a QUANT_PRE word (bit 36; §16; A2/A3), for the
  // modes the quantization table marks Mcb.
  bit HasQuantMCB = 0;
  // Float overflow modes (CTRL[48], §13.3, §16; aclrtFloatOverflowMode):
  // Inf/NaN (IEEE, the default where it exists) and saturation (inf ->
  // +-MAX, NaN -> 0). 950: Inf/NaN only; 310B, 310P, 910A: saturation only.
  bit HasInfNanMode = 1;
  bit HasSatMode = 0;
  // Mantissa bits of HF32 (Mmad HF32 mode, §13.3); 0 = no HF32 mode.
  bits<8> HF32Mantissa = 0;
  // L1 -> BT copy unit in bytes (§16): 64, 32 on 950.
  bits<8> BiasCopyUnit = 64;
  // AI cores (Cube cores) of one device (§1): the blocks a kernel runs on
  // (GetBlockNum); SKUs differ, the value is the documented one named in
  // Notes.
  bits<8> AICores = 1;
  // Event IDs of SetFlag/WaitFlag per pipe pair: 0..EventIds-1 (Ascend C
  // SetFlag/WaitFlag: 0-3 on the Atlas training series, 0-7 elsewhere; [I]
  // on 950 and Kirin, which the page does not list).
  bits<8> EventIds = 8;
  // Hardware SyncAll, a barrier across the kernel's blocks (Ascend C
  // SyncAll: Atlas A2/A3, Kirin X90, Kirin 9030; Ascend 950PR/950DT per its
  // sync_all sample).
  bit HasSyncAll = 0;

  // [U] choices and remarks, shown in docs/Products.md.
  string Notes = "";
}

def atlas_a2 : AscubeProduct<0, "atlas_a2", 2201,
                             "Atlas A2 training/inference series (910B)",
                             "dav_c220"> {
  let Family = "Atlas A2/A3";
  let HasTransposeV1 = 1;
  let HasCmatrixSource = 1; let HasKDirectionAlign = 1; let HasSparse = 1;
  let Load3DMStartAlign16 = 1; let HasQuantMCB = 1;
  let HF32Mantissa = 11;
  let UB = !mul(192, KB); let L1 = !mul(512, KB); let L0C = !mul(128, KB);
  let BT = !mul(1, KB); let FB = !mul(2, KB); let SparseIndex = !mul(16, KB);
  let L1ToL0ABandwidth = 256; let L1ToL0BBandwidth = 128;
  let HasSatMode = 1;
  let AICores = 24;
  let HasSyncAll = 1;
  let Notes = "UB usable 192 KB - 256 B and L1 usable 512 KB - 256 B per asc-devkit. AI cores: 24 (910B1/B2; B3/B4 have 20).";
}
def atlas_a3 : AscubeProduct<1, "atlas_a3", 2201,
                             "Atlas A3 training/inference series (910_93)",
                             "dav_c220"> {
  let Family = "Atlas A2/A3";
  let HasTransposeV1 = 1;
  let HasCmatrixSource = 1; let HasKDirectionAlign = 1; let HasSparse = 1;
  let Load3DMStartAlign16 = 1; let HasQuantMCB = 1;
  let HF32Mantissa = 11;
  let UB = !mul(192, KB); let L1 = !mul(512, KB); let L0C = !mul(128, KB);
  let BT = !mul(1, KB); let FB = !mul(2, KB); let SparseIndex = !mul(16, KB);
  let L1ToL0ABandwidth = 256; let L1ToL0BBandwidth = 128;
  let HasSatMode = 1;
  let AICores = 24;
  let HasSyncAll = 1;
  let Notes = "Same Cube core as atlas_a2 (arch 2201). AI cores: 24 (9381/9382/9391/9392; 9362/9363/9372 have 20).";
}
def ascend950pr : AscubeProduct<2, "ascend950pr", 3510, "Ascend 950PR",
                                "dav_3510"> {
  let Family = "950";
  let HasLoad2DDstGap = 0; let HasLoad3DDstStride = 1;
  let HasFixpipeArch3510 = 1; let HasFixpipeDualDst = 1;
  let HasDN2NZ = 1; let HasNZ2DN = 1; let HasCmatrixSource = 1; let HasDisableGemv = 1; let HasLoad2DV2 = 1; let HasTransposeV2 = 1; let HasMX = 1; let BiasCopyUnit = 32;
  let HF32Mantissa = 10; let HasL0CToUB = 1;
  let UB = !mul(256, KB); let L1 = !mul(512, KB); let L0C = !mul(256, KB);
  let BT = !mul(4, KB); let FB = !mul(4, KB); let L0AMX = !mul(4, KB); let L0BMX = !mul(4, KB);
  let L0ALayout = [{::ascube::layout::Format::Nz}];
  let HasGMToL0 = 0;
  let L1ToL0ABandwidth = 256; let L1ToL0BBandwidth = 256;
  let AICores = 28;
  let HasSyncAll = 1;
  let Notes = "UB 248 KB usable by default. L0A_MX/L0B_MX addresses are the L0A/L0B address / 16. [I] AI cores: 28 (the 957x SKUs; 950z has 4, 958x 32, 959x 36).";
}
def ascend950dt : AscubeProduct<3, "ascend950dt", 3510, "Ascend 950DT",
                                "dav_3510"> {
  let Family = "950";
  let HasLoad2DDstGap = 0; let HasLoad3DDstStride = 1;
  let HasFixpipeArch3510 = 1; let HasFixpipeDualDst = 1;
  let HasDN2NZ = 1; let HasNZ2DN = 1; let HasCmatrixSource = 1; let HasDisableGemv = 1; let HasLoad2DV2 = 1; let HasTransposeV2 = 1; let HasMX = 1; let BiasCopyUnit = 32;
  let HF32Mantissa = 10; let HasL0CToUB = 1;
  let UB = !mul(256, KB); let L1 = !mul(512, KB); let L0C = !mul(256, KB);
  let BT = !mul(4, KB); let FB = !mul(4, KB); let L0AMX = !mul(4, KB); let L0BMX = !mul(4, KB);
  let L0ALayout = [{::ascube::layout::Format::Nz}];
  let HasGMToL0 = 0;
  let L1ToL0ABandwidth = 256; let L1ToL0BBandwidth = 256;
  let AICores = 8;
  let HasSyncAll = 1;
  let Notes = "Same Cube core as ascend950pr (arch 3510). AI cores: 8 (950DT_950x/y).";
}
def atlas_200i_500_a2 : AscubeProduct<4, "atlas_200i_500_a2", 3002,
                                      "Atlas 200I/500 A2 inference (310B)",
                                      "dav_m300"> {
  let Family = "310B";
  let HasTransposeV1 = 1;
  let HasND2NZ = 0; let HasCmatrixSource = 1; let HasClipRelu = 1; let HasL0CToUB = 1;
  let HF32Mantissa = 11;
  let UB = !mul(248, KB); let L1 = !mul(1024, KB); let L0C = !mul(128, KB);
  let BT = !mul(1, KB); let FB = !mul(2, KB);
  let HasInfNanMode = 0; let HasSatMode = 1;
  let AICores = 1;
  let Notes = "[U] UB 248 KB per asc-devkit (256 KB per AscendNPU-IR): the smaller is kept. [U] FB undocumented: 2 KB assumed, as arch 2201. [U] HF32 mantissa undocumented: 11 bits assumed, as A2/A3. AI cores: 1 (310B1-B4).";
}
def atlas_inference : AscubeProduct<5, "atlas_inference", 2002,
                                    "Atlas inference series AI Core (310P)",
                                    "dav_m200"> {
  let Family = "310P";
  let HasFixpipe = 0; let HasLoad3DV1 = 1;
  let UB = !mul(256, KB); let L1 = !mul(1024, KB); let L0C = !mul(256, KB);
  let HasInfNanMode = 0; let HasSatMode = 1;
  let AICores = 8;
  let Notes = "No bias table and no fixpipe buffer. [U] AI cores: 8 assumed (310P; the reference gives none).";
}
def atlas_training : AscubeProduct<6, "atlas_training", 1001,
                                   "Atlas training series (910A)",
                                   "dav_c100"> {
  let Family = "910A";
  let HasFixpipe = 0; let HasLoad3DV1 = 1; let HasLoad3DV2 = 0;
  let UB = !mul(256, KB); let L1 = !mul(1024, KB); let L0C = !mul(256, KB);
  let HasInfNanMode = 0; let HasSatMode = 1;
  let AICores = 32; let EventIds = 4;
  let Notes = "No bias table and no fixpipe buffer. [U] AI cores: 32 assumed (910A; the reference gives none).";
}
def kirin_x90 : AscubeProduct<7, "kirin_x90", 3003, "Kirin X90",
                              "dav_l300"> {
  let Family = "Kirin X90";
  let HasTransposeV1 = 1;
  let HasKDirectionAlign = 1; let HasClipRelu = 1;
  let UB = !mul(128, KB); let L1 = !mul(1024, KB); let L0C = !mul(128, KB);
  let BT = !mul(1, KB); let FB = !mul(2, KB);
  let HasSatMode = 1;
  let AICores = 1;
  let HasSyncAll = 1;
  let Notes = "Arch mapping [I]. UB tiling uses 118 KB. [U] FB undocumented: 2 KB assumed, as arch 2201. [U] Float overflow modes undocumented: both assumed, Inf/NaN by default, as A2/A3. [U] AI cores: 1 assumed.";
}
def kirin_9030 : AscubeProduct<8, "kirin_9030", 3113, "Kirin 9030",
                               "dav_l311"> {
  let Family = "Kirin 9030";
  let HasKDirectionAlign = 1; let HasLoad3DV2 = 0; let HasClipRelu = 1;
  let UB = !mul(128, KB); let L1 = !mul(512, KB); let L0A = !mul(32, KB); let L0B = !mul(32, KB);
  let L0C = !mul(64, KB); let BT = !mul(1, KB); let FB = !mul(2, KB);
  let HasSatMode = 1;
  let AICores = 1;
  let HasSyncAll = 1;
  let Notes = "Arch mapping [I]. UB tiling uses 118 KB. [U] FB undocumented: 2 KB assumed, as arch 2201. [U] Float overflow modes undocumented: both assumed, Inf/NaN by default, as A2/A3. [U] AI cores: 1 assumed.";
}

def ProductTable : GenericTable {
  let FilterClass = "AscubeProduct";
  let CppTypeName = "ProductInfo";
  let Fields = ["Index", "Name", "Arch", "DocName", "Family", "ImplDir",
                "UB", "L1", "L0A", "L0B", "L0C", "BT", "FB", "L0AMX", "L0BMX",
                "SparseIndex",
                "GMAlign", "UBAlign", "L1Align", "L0AAlign", "L0BAlign",
                "L0CAlign", "BTAlign", "FBAlign", "L0AMXAlign", "L0BMXAlign",
                "L0ALayout", "HasGMToL0", "L1ToL0ABandwidth",
                "L1ToL0BBandwidth", "HasND2NZ", "HasDN2NZ", "HasNZ2DN",
                "HasFixpipe", "HasCmatrixSource", "HasKDirectionAlign",
                "HasDisableGemv", "HasLoad2DV2", "HasLoad2DDstGap",
                "HasTransposeV1", "HasTransposeV2", "HasLoad3DV1",
                "HasLoad3DV2", "HasLoad3DDstStride", "Load3DMStartAlign16",
                "HasMX", "HasSparse", "HasClipRelu", "HasL0CToUB",
                "HasFixpipeArch3510", "HasFixpipeDualDst", "HasQuantMCB",
                "HasInfNanMode", "HasSatMode", "HF32Mantissa", "BiasCopyUnit", "AICores", "EventIds", "HasSyncAll", "Notes"];
  string TypeOf_L0ALayout = "code";
}

//===----------------------------------------------------------------------===//
// Per-instruction dtype tables. Each row names the products that have it as
// a bit mask over AscubeProduct::Index; types are MLIR spellings ("i8" is
// int8, "ui8" uint8, "hif8" HiFloat8).
//===----------------------------------------------------------------------===//

defvar A2A3 = 0b000000011;
defvar P950 = 0b000001100;
defvar P310B = 0b000010000;
defvar P310P = 0b000100000;
defvar P910A = 0b001000000;
defvar X90 = 0b010000000;
defvar K9030 = 0b100000000;

// Mmad (cube-reference §13.2): A x B -> C, optionally with a bias of type
// Bias ("" = the row without a bias).
class MmadRow<int mask, string a, string b, string c, string bias = ""> {
  bits<16> Products = mask;
  string A = a;
  string B = b;
  string C = c;
  string Bias = bias;
}
foreach bias = ["", "bias"] in {
  defvar withBias = !eq(bias, "bias");
  def : MmadRow<!or(A2A3, P950, P310B), "i8", "i8", "i32", !if(withBias, "i32", "")>;
  def : MmadRow<!or(A2A3, P950, P310B), "f16", "f16", "f32", !if(withBias, "f32", "")>;
  def : MmadRow<!or(A2A3, P950, P310B), "f32", "f32", "f32", !if(withBias, "f32", "")>;
  def : MmadRow<!or(A2A3, P950, P310B), "bf16", "bf16", "f32", !if(withBias, "f32", "")>;
  foreach a = ["f8E4M3FN", "f8E5M2"] in
    foreach b = ["f8E4M3FN", "f8E5M2"] in
      def : MmadRow<P950, a, b, "f32", !if(withBias, "f32", "")>;
  def : MmadRow<P950, "hif8", "hif8", "f32", !if(withBias, "f32", "")>;
}
def : MmadRow<!or(A2A3, P310B, P310P), "i4", "i4", "i32">;
def : MmadRow<!or(P310P, P910A, X90), "i8", "i8", "i32">;
def : MmadRow<!or(P310P, P910A), "ui8", "i8", "i32">;
def : MmadRow<P310P, "ui8", "ui8", "i32">;
def : MmadRow<P910A, "ui8", "ui8", "ui32">;
def : MmadRow<!or(P310P, P910A, X90, K9030), "f16", "f16", "f16">;
def : MmadRow<!or(P310P, P910A), "f16", "f16", "f32">;

def MmadTable : GenericTable {
  let FilterClass = "MmadRow";
  let CppTypeName = "MmadRowInfo";
  let Fields = ["Products", "A", "B", "C", "Bias"];
}

// MmadMx (cube-reference §15; 950): the A x B pairs (C f32, e8m0 scales,
// f32 bias); LoadData MX (§9) moves the data types these pairs use.
class MmadMxRow<string a, string b> {
  bits<16> Products = !or(P950, 0);
  string A = a;
  string B = b;
}
foreach a = ["f8E4M3FN", "f8E5M2"] in
  foreach b = ["f8E4M3FN", "f8E5M2"] in
    def : MmadMxRow<a, b>;
foreach a = ["f4E2M1FN", "f4e1m2"] in
  foreach b = ["f4E2M1FN", "f4e1m2"] in
    def : MmadMxRow<a, b>;

def MmadMxTable : GenericTable {
  let FilterClass = "MmadMxRow";
  let CppTypeName = "MxRowInfo";
  let Fields = ["Products", "A", "B"];
}

// LoadData 2D (cube-reference §6): element types per product; int4 moves
// L1 -> L0 only (FromGM = 0).
class Load2DType<int mask, string t, bit fromGM = 1> {
  bits<16> Products = mask;
  string Type = t;
  bit FromGM = fromGM;
}
foreach t = ["i8", "ui8", "i16", "ui16", "f16"] in
  def : Load2DType<!or(A2A3, P950, P310B, P310P, P910A), t>;
foreach t = ["bf16", "i32", "ui32", "f32"] in
  def : Load2DType<!or(A2A3, P950, P310B), t>;
def : Load2DType<!or(A2A3, P310P), "i4", /*fromGM=*/0>;
def : Load2DType<X90, "i8">;
def : Load2DType<!or(X90, K9030), "f16">;

def Load2DTable : GenericTable {
  let FilterClass = "Load2DType";
  let CppTypeName = "Load2DTypeInfo";
  let Fields = ["Products", "Type", "FromGM"];
}

// LoadDataWithTranspose (cube-reference §7): element types per product;
// int4 moves into L0B only (IntoL0A = 0) and not in 950's form. 310B and
// Kirin X90 have the V1 form without their own list [U]: ascube allows
// A2's.
class Load2DTransposeType<int mask, string t, bit intoL0A = 1> {
  bits<16> Products = mask;
  string Type = t;
  bit IntoL0A = intoL0A;
}
defvar TransposeV1 = !or(A2A3, P310B, X90);
foreach t = ["i8", "ui8", "f16", "bf16", "i32", "ui32", "f32"] in
  def : Load2DTransposeType<!or(TransposeV1, P950), t>;
def : Load2DTransposeType<TransposeV1, "i4", /*intoL0A=*/0>;

def Load2DTransposeTable : GenericTable {
  let FilterClass = "Load2DTransposeType";
  let CppTypeName = "Load2DTransposeTypeInfo";
  let Fields = ["Products", "Type", "IntoL0A"];
}

// LoadData 2D-v2 (cube-reference §8; 950): element types.
class Load2DV2Type<string t> {
  bits<16> Products = !or(P950, 0);
  string Type = t;
}
foreach t = ["i8", "ui8", "f4E2M1FN", "f4e1m2", "hif8", "f8E5M2", "f8E4M3FN",
             "f16", "bf16", "i32", "ui32", "f32"] in
  def : Load2DV2Type<t>;

def Load2DV2Table : GenericTable {
  let FilterClass = "Load2DV2Type";
  let CppTypeName = "TypeRowInfo";
  let Fields = ["Products", "Type"];
}

// DataCopy ND2NZ / DN2NZ (cube-reference §5): element types per product.
// 310B has no ND2NZ; 310P moves 16/32-bit data only; 910A and Kirin are
// not documented [U]: ascube allows A2's list there.
class Nd2NzType<int mask, string t> {
  bits<16> Products = mask;
  string Type = t;
}
foreach t = ["i4", "i8", "ui8"] in
  def : Nd2NzType<!or(A2A3, P950, P910A, X90, K9030), t>;
foreach t = ["i16", "ui16", "f16", "bf16", "i32", "ui32", "f32"] in
  def : Nd2NzType<!or(A2A3, P950, P310P, P910A, X90, K9030), t>;
foreach t = ["f4E2M1FN", "f4e1m2", "hif8", "f8E4M3FN", "f8E5M2", "f8E8M0FNU"] in
  def : Nd2NzType<P950, t>;

def Nd2NzTable : GenericTable {
  let FilterClass = "Nd2NzType";
  let CppTypeName = "TypeRowInfo";
  let Fields = ["Products", "Type"];
}

// LoadData 3D V2 (cube-reference §10.1): element types per product and
// destination. A2/A3/310B move no b4/b8 into L0B and transpose into L0A
// b16/b32 only; 950 moves all its types both ways. 310P and Kirin X90 do
// not split their lists by destination [U]: ascube applies A2's rules (no
// b4/b8 into L0B, transposes b16/b32 only).
class Load3DRow<int mask, string t, int dest> {
  bits<16> Products = mask;
  string Type = t;
  // 0: into L0A, 1: into L0B, 2: into L0A with enTranspose.
  bit IntoL0A = !eq(dest, 0);
  bit IntoL0B = !eq(dest, 1);
  bit Transposed = !eq(dest, 2);
}
defvar L3DA2 = !or(A2A3, P310B);
foreach t = ["i4", "i8", "ui8"] in
  def : Load3DRow<!or(L3DA2, P310P), t, 0>;
def : Load3DRow<X90, "i8", 0>;
foreach d = [0, 1, 2] in {
  foreach t = ["bf16", "i32", "ui32", "f32"] in
    def : Load3DRow<L3DA2, t, d>;
  def : Load3DRow<!or(L3DA2, X90, P310P), "f16", d>;
  foreach t = ["i8", "ui8", "hif8", "f8E5M2", "f8E4M3FN", "f16", "bf16", "i32",
               "ui32", "f32"] in
    def : Load3DRow<P950, t, d>;
}

def Load3DL0ATable : GenericTable {
  let FilterClass = "Load3DRow";
  let FilterClassField = "IntoL0A";
  let CppTypeName = "TypeRowInfo";
  let Fields = ["Products", "Type"];
}
def Load3DL0BTable : GenericTable {
  let FilterClass = "Load3DRow";
  let FilterClassField = "IntoL0B";
  let CppTypeName = "TypeRowInfo";
  let Fields = ["Products", "Type"];
}
def Load3DTransposeTable : GenericTable {
  let FilterClass = "Load3DRow";
  let FilterClassField = "Transposed";
  let CppTypeName = "TypeRowInfo";
  let Fields = ["Products", "Type"];
}

// LoadData 3D V1 (cube-reference §10.2; 310P, 910A): half and (u)int8
// (the cSize modes name b16 and b8 maps; the list is not spelled out [U]).
class Load3DV1Type<string t> {
  bits<16> Products = !or(P310P, P910A, 0);
  string Type = t;
}
foreach t = ["i8", "ui8", "f16"] in
  def : Load3DV1Type<t>;

def Load3DV1Table : GenericTable {
  let FilterClass = "Load3DV1Type";
  let CppTypeName = "TypeRowInfo";
  let Fields = ["Products", "Type"];
}

// Fixpipe (cube-reference §16): L0C type -> output type, to GM and/or L1.
class FixpipeRow<int mask, string src, string dst, bit gm, bit l1> {
  bits<16> Products = mask;
  string Src = src;
  string Dst = dst;
  bit ToGM = gm;
  bit ToL1 = l1;
}
foreach d = ["i8", "ui8", "f16", "bf16"] in
  def : FixpipeRow<!or(A2A3, P950, P310B), "f32", d, 1, 1>;
def : FixpipeRow<!or(A2A3, P950, P310B), "f32", "f32", 1, 0>;
foreach d = ["i8", "ui8", "f16"] in
  def : FixpipeRow<!or(A2A3, P950, P310B), "i32", d, 1, 1>;
def : FixpipeRow<!or(A2A3, P950, P310B), "i32", "i32", 1, 0>;
def : FixpipeRow<P950, "f32", "f32", 0, 1>;
def : FixpipeRow<P950, "i32", "i32", 0, 1>;
def : FixpipeRow<P950, "i32", "bf16", 1, 1>;
def : FixpipeRow<P950, "f32", "hif8", 1, 1>;
def : FixpipeRow<P950, "f32", "f8E4M3FN", 1, 1>;
foreach d = ["i8", "f16"] in
  def : FixpipeRow<X90, "f32", d, 1, 0>;
foreach d = ["i8", "f16", "i32"] in
  def : FixpipeRow<X90, "i32", d, 1, 0>;
def : FixpipeRow<K9030, "f32", "f16", 1, 0>;
// f16 L0C results (f16 x f16 -> f16 Mmad) leave as f16 [I].
def : FixpipeRow<!or(X90, K9030), "f16", "f16", 1, 0>;

def FixpipeTable : GenericTable {
  let FilterClass = "FixpipeRow";
  let CppTypeName = "FixpipeRowInfo";
  let Fields = ["Products", "Src", "Dst", "ToGM", "ToL1"];
}

// DataCopy L1 -> BT (cube-reference §16): the bias copy converts on the
// fly. Products without a bias table are refused by the level check.
defvar AllProducts = 0b111111111;
class BiasCopyRow<int mask, string src, string dst> {
  bits<16> Products = mask;
  string Src = src;
  string Dst = dst;
}
def : BiasCopyRow<AllProducts, "f16", "f32">;
def : BiasCopyRow<P950, "bf16", "f32">;
def : BiasCopyRow<AllProducts, "f32", "f32">;
def : BiasCopyRow<AllProducts, "i32", "i32">;

def BiasCopyTable : GenericTable {
  let FilterClass = "BiasCopyRow";
  let CppTypeName = "ConversionRowInfo";
  let Fields = ["Products", "Src", "Dst"];
}

//===----------------------------------------------------------------------===//
// Fixpipe quantization modes (QuantMode_t, cube-reference §16): one record
// per mode, named as the IR spells it (#ascube.quant<NAME>), and the
// conversions each does. Which L0C -> output conversions a product has at
// all is FixpipeTable's; these say which mode does which.
//===----------------------------------------------------------------------===//

class QuantModeRow<string name, int mask, bit vector, bit scaled,
                   bit mcb = 0> {
  string Name = name;
  // The products that have the mode.
  bits<16> Products = mask;
  // Takes one QUANT_PRE word per output column (a quant_vector operand).
  bit Vector = vector;
  // Multiplies by a scale: the scalar forms take deqScalar.
  bit Scaled = scaled;
  // Its QUANT_PRE word may set the MCB shift mode (bit 36) where the
  // product has it (HasQuantMCB).
  bit Mcb = mcb;
}
def : QuantModeRow<"NoQuant", AllProducts, 0, 0>;
def : QuantModeRow<"F322F16", AllProducts, 0, 0>;
def : QuantModeRow<"F322BF16", AllProducts, 0, 0>;
def : QuantModeRow<"DEQF16", AllProducts, 0, 1, 1>;
def : QuantModeRow<"VDEQF16", AllProducts, 1, 1, 1>;
def : QuantModeRow<"QF322B8_PRE", AllProducts, 0, 1>;
def : QuantModeRow<"VQF322B8_PRE", AllProducts, 1, 1>;
def : QuantModeRow<"REQ8", AllProducts, 0, 1, 1>;
def : QuantModeRow<"VREQ8", AllProducts, 1, 1, 1>;
foreach m = ["QF322F16_PRE", "QF322BF16_PRE", "QF322F32_PRE", "QS322BF16_PRE",
             "QF322FP8_PRE", "QF322HIF8_PRE", "QF322HIF8_PRE_HYBRID"] in {
  def : QuantModeRow<m, P950, 0, 1>;
  def : QuantModeRow<"V" # m, P950, 1, 1>;
}

def QuantModeTable : GenericTable {
  let FilterClass = "QuantModeRow";
  let CppTypeName = "QuantModeInfo";
  let Fields = ["Name", "Products", "Vector", "Scaled", "Mcb"];
}

def lookupQuantModeByName : SearchIndex {
  let Table = QuantModeTable;
  let Key = ["Name"];
}

// The conversion L0C Src -> Dst a mode does, and the modes doing the same
// conversion with a scalar scale and with a per-column vector ("" = none).
// Default: the mode a Fixpipe without quantPre takes for the conversion
// (its VectorForm when given a quant_vector).
class QuantConversion<string mode, string src, string dst,
                      string scalarForm = "", string vectorForm = "",
                      bit dflt = 1> {
  string Mode = mode;
  string Src = src;
  string Dst = dst;
  string ScalarForm = scalarForm;
  string VectorForm = vectorForm;
  bit Default = dflt;
}
// Without quantization the type stays; f32 -> f32 has a scaled form.
def : QuantConversion<"NoQuant", "f32", "f32", "QF322F32_PRE",
                      "VQF322F32_PRE">;
def : QuantConversion<"NoQuant", "i32", "i32">;
def : QuantConversion<"NoQuant", "ui32", "ui32">;
def : QuantConversion<"NoQuant", "f16", "f16">;
// A plain cast (CAST_RINT); its scaled forms are 950's.
def : QuantConversion<"F322F16", "f32", "f16", "QF322F16_PRE",
                      "VQF322F16_PRE">;
def : QuantConversion<"F322BF16", "f32", "bf16", "QF322BF16_PRE",
                      "VQF322BF16_PRE">;
// A scaled mode and its V form do one conversion; `dflt`: the scalar form
// is the default of its conversion.
multiclass ScaledConversion<string m, string src, list<string> dsts,
                            bit dflt> {
  foreach d = dsts in {
    def : QuantConversion<m, src, d, m, "V" # m, dflt>;
    def : QuantConversion<"V" # m, src, d, m, "V" # m, 0>;
  }
}
defm : ScaledConversion<"DEQF16", "i32", ["f16"], 1>;
defm : ScaledConversion<"QF322B8_PRE", "f32", ["i8", "ui8"], 1>;
defm : ScaledConversion<"REQ8", "i32", ["i8", "ui8"], 1>;
defm : ScaledConversion<"QF322F16_PRE", "f32", ["f16"], 0>;
defm : ScaledConversion<"QF322BF16_PRE", "f32", ["bf16"], 0>;
defm : ScaledConversion<"QF322F32_PRE", "f32", ["f32"], 0>;
defm : ScaledConversion<"QS322BF16_PRE", "i32", ["bf16"], 1>;
defm : ScaledConversion<"QF322FP8_PRE", "f32", ["f8E4M3FN"], 1>;
defm : ScaledConversion<"QF322HIF8_PRE", "f32", ["hif8"], 1>;
defm : ScaledConversion<"QF322HIF8_PRE_HYBRID", "f32", ["hif8"], 0>;

def QuantConversionTable : GenericTable {
  let FilterClass = "QuantConversion";
  let CppTypeName = "QuantConversionInfo";
  let Fields = ["Mode", "Src", "Dst", "ScalarForm", "VectorForm", "Default"];
}

//===----------------------------------------------------------------------===//
// The timing model's costs of a product's AI core (model::PipeCosts; docs/
// Timing.md gives each figure's source and whether it was measured on a
// device [M], on a simulator [S], derived [D], published [P] or guessed
// [G]). TableGen holds integers: cycles and bytes per cycle are in
// thousandths ("Milli"). A product without a row has no timing model
// (ascube-run --timeline refuses it, timing_c1).
//===----------------------------------------------------------------------===//

class CostRow<int mask> {
  bits<16> Products = mask;
  // The AI core's clock, and the chip's GM bandwidth that the cores reading
  // GM at once share (GB/s).
  bits<32> ClockMHz = 0;
  bits<32> ChipGMGBps = 0;
  // The chip's L2: its size (MiB; 0: not modelled) and the bandwidth its
  // hits are read at, shared as the GM's is (GB/s).
  bits<32> L2MiB = 0;
  bits<32> L2GBps = 0;
  // Each path: a head (cycles) and a bandwidth (bytes per cycle).
  bits<32> GMToL1HeadMilli = 0;
  bits<32> GMToL1BwMilli = 0;
  bits<32> L1ToL0AHeadMilli = 0;
  bits<32> L1ToL0ABwMilli = 0;
  bits<32> L1ToL0BHeadMilli = 0;
  bits<32> L1ToL0BBwMilli = 0;
  bits<32> L1ToBTHeadMilli = 0;
  bits<32> L1ToBTBwMilli = 0;
  // Mmad: a head per instruction, and cycles per 16 x 16 x C0 fractal (C0:
  // 32 B of A's elements) by A's element bits.
  bits<32> MmadHeadMilli = 0;
  bits<32> Mmad4Milli = 0;
  bits<32> Mmad8Milli = 0;
  bits<32> Mmad16Milli = 0;
  bits<32> Mmad32Milli = 0;
  // Fixpipe: a head per call; per row max(RowMin, L0C row bytes / RowBw);
  // per row OddPass for each pass the odd part of the N fractals adds.
  bits<32> FixHeadMilli = 0;
  bits<32> FixRowMinMilli = 0;
  bits<32> FixRowBwMilli = 0;
  bits<32> FixOddPassMilli = 0;
  // A SetFlag, WaitFlag or PipeBarrier.
  bits<32> FlagMilli = 0;
}

// Atlas A2/A3 (arch 2201). L1 -> L0A / L0B: a head and bytes over the
// spec's bandwidth, per instruction (MSKPP's 910B1 rows, measured per
// instruction, give 254 / 127.5 B/cycle for one 64 KiB load and a head of
// about 2 cycles for 1 KiB ones; docs/Timing.md "Conflicts" 2).
def : CostRow<A2A3> {
  let ClockMHz = 1800; let ChipGMGBps = 1800;
  let L2MiB = 192; let L2GBps = 4590;
  let GMToL1HeadMilli = 174000; let GMToL1BwMilli = 165000;
  let L1ToL0AHeadMilli = 2000; let L1ToL0ABwMilli = 256000;
  let L1ToL0BHeadMilli = 2000; let L1ToL0BBwMilli = 128000;
  let L1ToBTHeadMilli = 1000; let L1ToBTBwMilli = 32000;
  let MmadHeadMilli = 21000;
  let Mmad4Milli = 1000; let Mmad8Milli = 1000; let Mmad16Milli = 1000;
  let Mmad32Milli = 2000;
  let FixHeadMilli = 164000; let FixRowMinMilli = 4450;
  let FixRowBwMilli = 118000; let FixOddPassMilli = 2600;
  let FlagMilli = 1000;
}
// Ascend 950PR and 950DT (arch 3510): the same core, GM differs.
multiclass Cost950<int mask, int chipGMGBps> {
  def : CostRow<mask> {
    let ClockMHz = 1650; let ChipGMGBps = chipGMGBps;
    let L2MiB = 128; let L2GBps = 5200;
    let GMToL1HeadMilli = 134000; let GMToL1BwMilli = 239000;
    let L1ToL0AHeadMilli = 0; let L1ToL0ABwMilli = 206300;
    let L1ToL0BHeadMilli = 0; let L1ToL0BBwMilli = 223800;
    let L1ToBTHeadMilli = 1000; let L1ToBTBwMilli = 32000;
    let MmadHeadMilli = 25000;
    let Mmad4Milli = 1000; let Mmad8Milli = 1000; let Mmad16Milli = 1000;
    let Mmad32Milli = 8000;
    let FixHeadMilli = 343400; let FixRowMinMilli = 4590;
    let FixRowBwMilli = 30000; let FixOddPassMilli = 260;
    let FlagMilli = 1000;
  }
}
defvar P950PR = 0b000000100;
defvar P950DT = 0b000001000;
defm : Cost950<P950PR, 1600>;
defm : Cost950<P950DT, 4000>;

def CostTable : GenericTable {
  let FilterClass = "CostRow";
  let CppTypeName = "CostRowInfo";
  let Fields = ["Products", "ClockMHz", "ChipGMGBps", "L2MiB", "L2GBps",
                "GMToL1HeadMilli", "GMToL1BwMilli", "L1ToL0AHeadMilli",
                "L1ToL0ABwMilli", "L1ToL0BHeadMilli", "L1ToL0BBwMilli",
                "L1ToBTHeadMilli", "L1ToBTBwMilli", "MmadHeadMilli",
                "Mmad4Milli", "Mmad8Milli", "Mmad16Milli", "Mmad32Milli",
                "FixHeadMilli", "FixRowMinMilli", "FixRowBwMilli",
                "FixOddPassMilli", "FlagMilli"];
}
