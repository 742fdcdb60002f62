// The CLI speaks the shared vocabulary (words/): its languages and headings.
#ifndef QIWANG_CLIENTS_CLI_LABELS_H_
#define QIWANG_CLIENTS_CLI_LABELS_H_

#include "words/enum_words.h"
#include "words/labels.h"
#include "words/lang.h"
#include "words/play_words.h"

namespace qiwang::cli {

using words::ColourText;
using words::Label;
using words::Lang;
using words::LangFromEnvironment;
using words::OutcomeText;
using words::ParseLang;
using words::ResultMark;
using words::Say;
using words::Text;
using words::YuanText;

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_LABELS_H_
