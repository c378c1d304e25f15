import ArgumentParser
import News
import RichText

/// `endpoint render-child`: what the server and the import start to render untrusted text in a
/// process of its own (RichText's `RenderProcesses`): frames on standard input, answers on standard
/// output, under the limits it sets itself first. Not for operators (hidden from help).
struct RenderChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render-child", abstract: "Render texts for the server (internal).", shouldDisplay: false)

    func run() throws {
        RenderProcesses.serve(ArticleRenderChild.answer)
    }
}
