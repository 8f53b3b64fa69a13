// The one function the benchmark calls: nyanten's replacement number of 34 counts.
#include <nyanten/replacement_number.hpp>
#include <cstddef>
#include <cstdint>

extern "C" std::uint8_t nyanten_replacement(const std::uint8_t *counts) {
  return static_cast<std::uint8_t>(Nyanten::calculateReplacementNumber(counts, counts + 34));
}

extern "C" std::uint64_t nyanten_sum(const std::uint8_t *hands, std::size_t n) {
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t *c = hands + 34 * i;
    total += Nyanten::calculateReplacementNumber(c, c + 34);
  }
  return total;
}
