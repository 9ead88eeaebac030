extension ArgumentScanner {
    /// Reads every argument as `flags` declare them into `options`: each flag by its
    /// ``CommandFlag/read``, and the operands that follow a flag by its
    /// ``CommandFlag/readFollowingOperand``; the other operands are the subcommand's
    /// own (its files) when it `takesOperands`, and unexpected otherwise.
    ///
    /// - Returns: the flags given, in the order given (a repeated flag each time), and
    ///   the subcommand's operands.
    /// - Throws: ``CommandLineError`` for an unknown flag, an unexpected operand or a bad value.
    mutating func readFlags<Options>(_ flags: [CommandFlag<Options>], into options: inout Options,
                                     takesOperands: Bool = false)
        throws(CommandLineError) -> (flags: [CommandFlag<Options>], operands: [String]) {
        var given: [CommandFlag<Options>] = []
        var operands: [String] = []
        // The flag whose value the operands that follow it add to (`--traces day/*.jsonl`).
        var previous: CommandFlag<Options>?
        while let argument = next() {
            switch argument {
            case .operand(let operand):
                if let readOperand = previous?.readFollowingOperand {
                    readOperand(&options, operand)
                } else if takesOperands {
                    operands.append(operand)
                } else {
                    throw fail("unexpected argument '\(operand)'")
                }
            case .flag(let name):
                guard let flag = flags.first(where: { $0.name == name }) else { throw fail("unknown option '\(name)'") }
                try flag.read(&options, &self)
                given.append(flag)
                previous = flag
            }
        }
        return (given, operands)
    }
}
