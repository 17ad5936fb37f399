// Compiled only when find_package(rbln CONFIG) finds rbln-sdk: checks that every function type
// of our declaration (rbln_api.h) is call-compatible with the real <rbln/rbln.h>. A mismatch
// fails the build with the function's name in the static_assert message.
#include <rbln/rbln.h>

#include "device/rbln_api.h"

#include <cstdint>
#include <type_traits>

namespace facet::device::abi_check {
namespace abi = facet::device::abi;

// Our handle types stand for the real ones.
template <class T> struct Real { using type = T; };
template <> struct Real<abi::RBLNModel> { using type = ::RBLNModel; };
template <> struct Real<abi::RBLNRuntime> { using type = ::RBLNRuntime; };
template <> struct Real<abi::RBLNTensorLayout> { using type = ::RBLNTensorLayout; };
template <> struct Real<abi::RBLNRetCode> { using type = ::RBLNRetCode; };
template <class T> struct Real<T*> { using type = typename Real<T>::type*; };
template <class T> struct Real<const T> { using type = const typename Real<T>::type; };

// Parameter: same type after mapping, or both integers where ours is at least as wide (the
// callee reads only the low bits; §14 of rbln-c-api.md).
template <class Ours, class Theirs> constexpr bool paramCompatible() {
    using Mapped = typename Real<Ours>::type;
    if constexpr (std::is_same_v<Mapped, Theirs>)
        return true;
    else if constexpr (std::is_integral_v<Ours> && std::is_integral_v<Theirs>)
        return sizeof(Ours) >= sizeof(Theirs);
    else if constexpr (std::is_enum_v<Theirs> && std::is_integral_v<Ours>)
        return sizeof(Ours) >= sizeof(Theirs);
    else
        return false;
}

// Return: same type after mapping, void where we ignore it, or an integer/enum no wider
// than theirs (we read only the low bits).
template <class Ours, class Theirs> constexpr bool returnCompatible() {
    using Mapped = typename Real<Ours>::type;
    if constexpr (std::is_same_v<Mapped, Theirs> || std::is_void_v<Ours>)
        return true;
    else if constexpr ((std::is_integral_v<Ours> || std::is_enum_v<Ours>)&&(
                           std::is_integral_v<Theirs> || std::is_enum_v<Theirs>))
        return sizeof(Ours) <= sizeof(Theirs);
    else
        return false;
}

template <class Ours, class Theirs> struct Compatible : std::false_type {};
template <class R1, class... A1, class R2, class... A2>
struct Compatible<R1 (*)(A1...), R2 (*)(A2...)> {
    static constexpr bool check() {
        if constexpr (sizeof...(A1) != sizeof...(A2))
            return false; // e.g. the 3-argument rbln_create_runtime of SDKs before 2025.03
        else
            return returnCompatible<R1, R2>() && (paramCompatible<A1, A2>() && ...);
    }
    static constexpr bool value = check();
};

#define FACET_CHECK(fn)                                                                            \
    static_assert(Compatible<abi::PFN_##fn, decltype(&::fn)>::value,                               \
                  "rbln_api.h: " #fn " does not match <rbln/rbln.h>");
FACET_RBLN_REQUIRED_FUNCTIONS(FACET_CHECK)
FACET_RBLN_OPTIONAL_FUNCTIONS(FACET_CHECK)
#undef FACET_CHECK

static_assert(static_cast<int>(::RBLNRetCode_SUCCESS) == abi::RBLNRetCode_SUCCESS,
              "RBLNRetCode_SUCCESS differs from rbln/rbln.h");

} // namespace facet::device::abi_check
