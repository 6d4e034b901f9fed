/// Excerpts of real files the excerpt issues were found on, copied here (never fetched at
/// test time) with their sources. Each is the file's beginning, cut after a few sections.
enum RealFiles {
    /// apple/swift-configuration, Sources/Configuration/Documentation.docc/Reference/ConfigReader-Watch.md
    /// (Apache-2.0): DocC symbols in list items, each one unbreakable token.
    static let configReaderWatch = #"""
# Watching values

## Topics

### Watching string values
- ``ConfigReader/watchString(forKey:isSecret:fileID:line:updatesHandler:)``
- ``ConfigReader/watchString(forKey:as:isSecret:fileID:line:updatesHandler:)-4zs5y``
- ``ConfigReader/watchString(forKey:as:isSecret:fileID:line:updatesHandler:)-8hegv``
- ``ConfigReader/watchString(forKey:isSecret:default:fileID:line:updatesHandler:)``
- ``ConfigReader/watchString(forKey:as:isSecret:default:fileID:line:updatesHandler:)-hi1l``
- ``ConfigReader/watchString(forKey:as:isSecret:default:fileID:line:updatesHandler:)-9qsww``

### Watching required string values
- ``ConfigReader/watchRequiredString(forKey:isSecret:fileID:line:updatesHandler:)``
- ``ConfigReader/watchRequiredString(forKey:as:isSecret:fileID:line:updatesHandler:)-581rg``
- ``ConfigReader/watchRequiredString(forKey:as:isSecret:fileID:line:updatesHandler:)-13z9o``

### Watching lists of string values
- ``ConfigReader/watchStringArray(forKey:isSecret:fileID:line:updatesHandler:)``
- ``ConfigReader/watchStringArray(forKey:as:isSecret:fileID:line:updatesHandler:)-15oye``
- ``ConfigReader/watchStringArray(forKey:as:isSecret:fileID:line:updatesHandler:)-7snta``
- ``ConfigReader/watchStringArray(forKey:isSecret:default:fileID:line:updatesHandler:)``
- ``ConfigReader/watchStringArray(forKey:as:isSecret:default:fileID:line:updatesHandler:)-9t8bb``
- ``ConfigReader/watchStringArray(forKey:as:isSecret:default:fileID:line:updatesHandler:)-256k2``

### Watching required lists of string values
- ``ConfigReader/watchRequiredStringArray(forKey:isSecret:fileID:line:updatesHandler:)``
- ``ConfigReader/watchRequiredStringArray(forKey:as:isSecret:fileID:line:updatesHandler:)-4acy``
- ``ConfigReader/watchRequiredStringArray(forKey:as:isSecret:fileID:line:updatesHandler:)-8wvyc``

### Watching Boolean values
- ``ConfigReader/watchBool(forKey:isSecret:fileID:line:updatesHandler:)``
- ``ConfigReader/watchBool(forKey:isSecret:default:fileID:line:updatesHandler:)``
"""#

    /// JohnSundell/Files, README.md (MIT): a logo, badges in a centred HTML paragraph, prose.
    static let filesReadme = #"""
<p align="center">
    <img src="logo.png" width="300" max-width="50%" alt=“Files” />
</p>

<p align="center">
    <a href="https://cocoapods.org/pods/Files">
        <img src="https://img.shields.io/cocoapods/v/Files.svg" alt="CocoaPods" />
    </a>
    <a href="https://github.com/Carthage/Carthage">
        <img src="https://img.shields.io/badge/carthage-compatible-4BC51D.svg?style=flat" alt="Carthage" />
    </a>
    <a href="https://swift.org/package-manager">
        <img src="https://img.shields.io/badge/spm-compatible-brightgreen.svg?style=flat" alt="Swift Package Manager" />
    </a>
    <a href="https://twitter.com/johnsundell">
        <img src="https://img.shields.io/badge/contact-@johnsundell-blue.svg?style=flat" alt="Twitter: @johnsundell" />
    </a>
</p>

Welcome to **Files**, a compact library that provides a nicer way to handle *files* and *folders*  in Swift. It’s primarily aimed at Swift scripting and tooling, but can also be embedded in applications that need to access the file system. It's essentially a thin wrapper around the `FileManager` APIs that `Foundation` provides.

## Features

- [X] Modern, object-oriented API for accessing, reading and writing files & folders.
- [X] Unified, simple `do, try, catch` error handling.
- [X] Easily construct recursive and flat sequences of files and folders.
"""#

    /// onevcat/Rainbow, README.md (MIT): a picture, a centred line of linked badges, prose.
    static let rainbowReadme = #"""
![Rainbow](https://raw.githubusercontent.com/onevcat/Rainbow/assets/rainbow.png)

<p align="center">
<a href="https://github.com/onevcat/Rainbow/actions/workflows/ci.yaml"><img src="https://github.com/onevcat/Rainbow/actions/workflows/ci.yaml/badge.svg"></a>
<a href="https://codecov.io/github/onevcat/Rainbow?branch=master"><img src="https://img.shields.io/codecov/c/github/onevcat/Rainbow.svg"></a>
<a href="https://swift.org/package-manager/"><img src="https://img.shields.io/badge/SPM-ready-orange.svg"></a>
<a href="http://cocoadocs.org/docsets/RainbowSwift"><img src="https://img.shields.io/badge/platform-osx%7Clinux%7Cwindows-lightgrey.svg"></a>
<a href="https://raw.githubusercontent.com/onevcat/Rainbow/master/LICENSE"><img src="https://img.shields.io/cocoapods/l/RainbowSwift.svg?style=flat"></a>
</p>

`Rainbow` adds text color, background color and style for console and command 
line output in Swift. It is born for cross-platform software logging 
in terminals, working in both Apple's platforms and Linux.

## Basic Usage

Nifty way, using the `String` extension, and print the colorized string.
"""#

    /// davecom/SwiftGraph, README.md (Apache-2.0): a title, ten Markdown badges, prose.
    static let swiftGraphReadme = #"""
# SwiftGraph

[![Swift Versions](https://img.shields.io/badge/Swift-1%2C2%2C3%2C4%2C5-green.svg)](https://swift.org)
[![CocoaPods Version](https://img.shields.io/cocoapods/v/SwiftGraph.svg)](https://cocoapods.org/pods/SwiftGraph)
[![Carthage Compatible](https://img.shields.io/badge/Carthage-compatible-4BC51D.svg?style=flat)](https://github.com/Carthage/Carthage)
[![SPM Compatible](https://img.shields.io/badge/SPM-compatible-4BC51D.svg?style=flat)](https://swift.org/package-manager/)
[![CocoaPods Platforms](https://img.shields.io/cocoapods/p/SwiftGraph.svg)](https://cocoapods.org/pods/SwiftGraph)
[![Linux Compatible](https://img.shields.io/badge/Linux-compatible-4BC51D.svg?style=flat)](https://swift.org)
[![Twitter Contact](https://img.shields.io/badge/contact-@davekopec-blue.svg?style=flat)](https://twitter.com/davekopec)
[![Build Status](https://travis-ci.org/davecom/SwiftGraph.svg?branch=master)](https://travis-ci.org/davecom/SwiftGraph)
[![Maintainability](https://api.codeclimate.com/v1/badges/b93b35351ff96b21678f/maintainability)](https://codeclimate.com/github/davecom/SwiftGraph/maintainability)
[![Test Coverage](https://api.codeclimate.com/v1/badges/b93b35351ff96b21678f/test_coverage)](https://codeclimate.com/github/davecom/SwiftGraph/test_coverage)

SwiftGraph is a pure Swift (no Cocoa) implementation of a graph data structure, appropriate for use on all platforms Swift supports (iOS, macOS, Linux, etc.). It includes support for weighted, unweighted, directed, and undirected graphs. It uses generics to abstract away both the type of the vertices, and the type of the weights.

It includes copious in-source documentation, unit tests, as well as search functions for doing things like breadth-first search, depth-first search, and Dijkstra's algorithm. Further, it includes utility functions for topological sort, Jarnik's algorithm to find a minimum-spanning tree, detecting a DAG (directed-acyclic-graph), enumerating all cycles, and more.

## Installation

SwiftGraph 3.0 and above requires Swift 5 (Xcode 10.2). Use SwiftGraph 2.0 for Swift 4.2 (Xcode 10.1) support, SwiftGraph 1.5.1 for Swift 4.1 (Xcode 9), SwiftGraph 1.4.1 for Swift 3 (Xcode 8), SwiftGraph 1.0.6 for Swift 2 (Xcode 7), and SwiftGraph 1.0.0 for Swift 1.2 (Xcode 6.3) support. SwiftGraph supports GNU/Linux and is tested on it.
"""#

    /// vapor/jwt-kit, README.md (MIT): a logo and badges in one centred paragraph, a break, prose.
    static let jwtKitReadme = #"""
<p align="center">
    <img 
        src="https://user-images.githubusercontent.com/1342803/59471117-1c77b300-8e08-11e9-838e-441b280855b3.png" 
        height="64" 
        alt="JWTKit">
    <a href="https://docs.vapor.codes/4.0/">
        <img src="http://img.shields.io/badge/read_the-docs-2196f3.svg" alt="Documentation">
    </a>
    <a href="https://discord.gg/vapor">
        <img src="https://img.shields.io/discord/431917998102675485.svg" alt="Team Chat">
    </a>
    <a href="LICENSE">
        <img src="http://img.shields.io/badge/license-MIT-brightgreen.svg" alt="MIT License">
    </a>
    <a href="https://github.com/vapor/jwt-kit/actions/workflows/test.yml">
        <img src="https://github.com/vapor/jwt-kit/actions/workflows/test.yml/badge.svg?event=push" alt="CI">
    </a>
    <a href="https://swift.org">
        <img src="http://img.shields.io/badge/swift-5.6-brightgreen.svg" alt="Swift 5.6">
    </a>
</p>

<br>

🔑 JSON Web Token signing and verification (HMAC, RSA, ECDSA, EdDSA) using SwiftCrypto and BoringSSL.

### Major Releases

The table below shows a list of JWTKit major releases alongside their compatible Swift versions. 

|Version|Swift|SPM|
|---|---|---|
|4.0|5.6+|`from: "4.0.0"`|

Use the SPM string to easily include the dependendency in your `Package.swift` file.
"""#
}
