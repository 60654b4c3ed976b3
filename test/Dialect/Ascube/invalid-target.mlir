// The target product: unknown names list the known ones.
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unknown product 'atlas_a4'; did you mean 'atlas_a2'? known: atlas_a2, atlas_a3, ascend950pr, ascend950dt, atlas_200i_500_a2, atlas_inference, atlas_training, kirin_x90, kirin_9030 [target_c1]}}
module attributes {ascube.target = #ascube.target<atlas_a4>} {}

// -----

// Product keys are exact (lower case).
// expected-error @+1 {{unknown product 'ATLAS_A2'}}
module attributes {ascube.target = #ascube.target<ATLAS_A2>} {}

// -----

// expected-error @+1 {{expected a product name, one of: atlas_a2, atlas_a3}}
module attributes {ascube.target = #ascube.target<"atlas_a2">} {}

// -----

// expected-error @+1 {{'ascube.target' must be a #ascube.target<...> attribute, got "atlas_a2" [target_c1]}}
module attributes {ascube.target = "atlas_a2"} {}

// -----

// expected-error @+1 {{unknown ascube attribute 'ascube.product'; the dialect defines 'ascube.target', 'ascube.overflow' and 'ascube.tiling'}}
module attributes {ascube.product = #ascube.target<atlas_a2>} {}

// -----

// The float overflow mode (cube-reference §13.3, §16).
// expected-error @+1 {{'ascube.overflow' must be a #ascube.overflow<inf_nan|saturation> attribute, got "saturation" [target_c3]}}
module attributes {ascube.overflow = "saturation"} {}

// -----

// 950 has only the Inf/NaN mode.
// expected-error @+1 {{ascend950pr has no saturation float overflow mode (it has only Inf/NaN) [target_c3]}}
module attributes {ascube.target = #ascube.target<ascend950pr>, ascube.overflow = #ascube.overflow<saturation>} {}

// -----

// 310B, 310P and 910A have only the saturation mode.
// expected-error @+1 {{atlas_inference has no Inf/NaN float overflow mode (it has only saturation) [target_c3]}}
module attributes {ascube.target = #ascube.target<atlas_inference>, ascube.overflow = #ascube.overflow<inf_nan>} {}

// -----

// expected-error @+2 {{expected ::ascube::FloatOverflow to be one of: inf_nan, saturation}}
// expected-error @+1 {{failed to parse Ascube_FloatOverflowAttr parameter 'value'}}
module attributes {ascube.overflow = #ascube.overflow<wrap>} {}

// -----

// A module attribute only.
// expected-error @+1 {{'ascube.overflow' is a module attribute [target_c3]}}
func.func @f() attributes {ascube.overflow = #ascube.overflow<saturation>} {
  return
}

// -----

// The mode named around a module must exist on the product it names.
module attributes {ascube.overflow = #ascube.overflow<saturation>} {
  // expected-error @+1 {{ascend950dt has no saturation float overflow mode (it has only Inf/NaN) [target_c3]}}
  module attributes {ascube.target = #ascube.target<ascend950dt>} {}
}

// -----

// A mode named inside a module that names the product.
module attributes {ascube.target = #ascube.target<atlas_training>} {
  // expected-error @+1 {{atlas_training has no Inf/NaN float overflow mode (it has only saturation) [target_c3]}}
  module attributes {ascube.overflow = #ascube.overflow<inf_nan>} {}
}

// -----

// A product named on a function inside a module that names the mode.
module attributes {ascube.overflow = #ascube.overflow<saturation>} {
  // expected-error @+1 {{ascend950pr has no saturation float overflow mode (it has only Inf/NaN) [target_c3]}}
  func.func @f() attributes {ascube.target = #ascube.target<ascend950pr>} {
    return
  }
}
