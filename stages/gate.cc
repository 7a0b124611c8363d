// stages/gate.cc — Gate: validated options and the compiled extractor.
#include "groundgate/gate.h"

#include <utility>

#include "evidence/extractor.h"
#include "groundgate/version.h"
#include "stages/judge.h"

namespace groundgate {

struct Gate::Compiled {
  GateOptions options;
  std::unique_ptr<evidence::Extractor> extractor;
};

absl::StatusOr<Gate> Gate::Create(GateOptions options) {
  absl::StatusOr<std::unique_ptr<evidence::Extractor>> extractor =
      evidence::Extractor::Create(options);
  if (!extractor.ok()) return extractor.status();
  auto compiled = std::make_unique<Compiled>();
  compiled->options = std::move(options);
  compiled->extractor = *std::move(extractor);
  return Gate(std::move(compiled));
}

Gate::Gate(std::unique_ptr<Compiled> compiled)
    : compiled_(std::move(compiled)) {}
Gate::~Gate() = default;
Gate::Gate(Gate&&) noexcept = default;
Gate& Gate::operator=(Gate&&) noexcept = default;

Verdict Gate::Judge(std::string_view answer,
                    const EvidenceCorpus& corpus) const {
  return stages::ClimbLadder(answer, corpus, *compiled_->extractor,
                             compiled_->options);
}

const GateOptions& Gate::options() const { return compiled_->options; }

std::string_view VersionString() { return GROUNDGATE_VERSION_STRING; }

}  // namespace groundgate
