// The target product: unknown names list the known ones.
// RUN: ascube-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unknown product 'atlas_a4'; known products: atlas_a2, atlas_a3, ascend950pr, ascend950dt, atlas_200i_500_a2, atlas_inference, atlas_training, kirin_x90, kirin_9030 [target_c1]}}
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

// expected-error @+1 {{unknown ascube attribute 'ascube.product'; the dialect defines 'ascube.target'}}
module attributes {ascube.product = #ascube.target<atlas_a2>} {}
