import ArgumentParser
import EndpointServer
import Foundation
import Media

/// `--media-store` for the commands that put videos into the media store (`media add`, `import
/// composr`): the flag, else `ENDPOINT_MEDIA_STORE`, else the default, as `serve` reads them, so a
/// command and the server it feeds use one folder.
struct MediaStoreOptions: ParsableArguments {
    @Option(name: ServerFlags.mediaStore.argumentName, help: ServerFlags.mediaStore.help)
    var mediaStore: String?

    var folder: MediaStoreFolder {
        let path = self.mediaStore ?? ServerFlags.mediaStore.environmentValue(ProcessInfo.processInfo.environment) ?? ServerSettings().mediaStoreDirectory
        return MediaStoreFolder(root: URL(fileURLWithPath: path, isDirectory: true))
    }
}
