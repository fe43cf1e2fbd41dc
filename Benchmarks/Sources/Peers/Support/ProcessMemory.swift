import Foundation

/// This process's memory, from /proc/self/status (Linux).
public enum ProcessMemory {
    /// Peak resident set size so far (VmHWM), in bytes.
    public static var peakResident: Int { field("VmHWM") }
    /// Current resident set size (VmRSS), in bytes.
    public static var resident: Int { field("VmRSS") }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            // "VmHWM:\t  2993692 kB", and with no padding from 10 GB on: "VmHWM:\t25970908 kB".
            let kB = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int($0) }
            return (kB ?? 0) * 1024
        }
        return 0
    }
}
