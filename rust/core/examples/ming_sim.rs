//! Ming self-play through the run loop: `cargo run --release --example ming_sim [DEALS] [SPEC]`.
fn main() {
    let deals: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20000);
    let spec = std::env::args().nth(2).unwrap_or("greedy".into());
    let t = std::time::Instant::now();
    let r =
        advisor_core::ming::batch::simulate("1", 0, deals, false, &[spec.clone(), spec], false, 1)
            .unwrap();
    let s = t.elapsed().as_secs_f64();
    println!("{} games, {:.1} µs a deal", r.len(), s / deals as f64 * 1e6);
}
