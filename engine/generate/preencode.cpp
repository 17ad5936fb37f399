// Engine::preencode and the vision cache's controls: images encoded ahead of a request (while
// the user types) so that the request finds them in the cache and starts with the text prefill.
#include "common/error.h"
#include "generate/engine.h"
#include "generate/engine_impl.h"
#include "image/image.h"
#include "image/preprocess.h"

namespace facet::generate {

PreencodeResult EngineImpl::preencode(const std::vector<ImageInput>& images,
                                      const std::atomic<bool>& stop) {
    EngineImpl& e = *this;
    // The same cancellation as a request: the simulator stops inside the vision run.
    const device::CancelScope cancelScope(*e.runtime, stop);
    PreencodeResult result;
    for (const ImageInput& input : images) {
        if (stop.load()) {
            result.cancelled = true;
            break;
        }
        try {
            const ImageEntry entry = e.describeImage(input);
            if (e.visionCache.contains(entry.key)) {
                ++result.alreadyCached;
                continue;
            }
            if (e.visionCache.maxBytes() == 0)
                continue; // nothing would be kept
            const image::PreprocessedImage pre = image::preprocessFile(input.path, input.level);
            if (pre.softTokens != entry.softTokens)
                throw fileError(input.path, "the image changed while it was read");
            if (stop.load()) {
                result.cancelled = true;
                break;
            }
            e.visionCache.insert(entry.key, std::make_shared<const std::vector<std::uint16_t>>(
                                                e.vision->encode(pre, &stop)));
            ++result.encoded;
        } catch (const device::RunCancelled&) {
            result.cancelled = true;
            break;
        } catch (const std::exception& error) {
            result.problems.emplace_back(error.what());
        }
    }
    return result;
}

PreencodeResult Engine::preencode(const std::vector<ImageInput>& images,
                                  const std::atomic<bool>& stop) {
    return impl_->preencode(images, stop);
}

void Engine::setVisionCacheLimit(std::size_t maxBytes) {
    impl_->visionCache.setMaxBytes(maxBytes);
}

VisionCacheUsage Engine::visionCacheUsage() const {
    const VisionCache& cache = impl_->visionCache;
    return {cache.bytes(), cache.maxBytes(), cache.entries()};
}

} // namespace facet::generate
