// std::visit with one lambda per alternative: std::visit(Overloaded{[](const A&) {...}, ...}, v).
#pragma once

namespace leeway {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace leeway
